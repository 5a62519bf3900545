import { InstantReplay } from '@loop/core/replay';
import { Poses } from '../poses.js';
import type { ReplayGame } from '../replay-worker.js';
import { boxWorld, type TestState } from './world.js';

/**
 * The smallest Rapier game with instant replay, as a game built on the package is: a column of
 * boxes, one input word that pushes box 0 sideways, poses read each step, keyframes from the
 * world's snapshots. What the package's worker and replay tests drive.
 */
export class BoxGame implements ReplayGame {
  readonly state: TestState;
  readonly poses: Poses;
  readonly replays: InstantReplay;
  steps = 0;
  stepMsTotal = 0;
  movingPeak = 0;
  private readonly replayed = new Float64Array(1);
  private readonly push = { x: 0, y: 0, z: 0 };

  constructor(boxes = 4, timestep = 1000 / 60) {
    this.state = boxWorld(boxes, 0.1);
    this.poses = new Poses(this.state.count);
    this.poses.readAll(this.state.bodies);
    this.poses.teleportAll();
    this.replays = new InstantReplay(this, { build: 'box-game', timestep, keyframeSeconds: 0.5 });
  }

  /** One fixed step: `input[0]` pushes box 0 along x. */
  step(dt: number, input: Float64Array): void {
    this.poses.save();
    const used = this.replays.begin(input, this.replayed);
    this.push.x = used[0]!;
    this.state.bodies[0]!.applyImpulse(this.push, true);
    this.state.world.timestep = dt;
    const start = performance.now();
    this.state.world.step();
    this.stepMsTotal += performance.now() - start;
    this.steps++;
    this.poses.readActive(this.state.world);
    this.movingPeak = Math.max(this.movingPeak, this.poses.moving(dt));
    this.replays.end(this.poses.hash());
  }

  saveState(): Uint8Array {
    return this.state.saveState();
  }

  loadState(bytes: Uint8Array): void {
    this.state.loadState(bytes);
    this.poses.readAll(this.state.bodies);
    this.poses.teleportAll();
  }

  dispose(): void {
    this.state.free();
  }
}
