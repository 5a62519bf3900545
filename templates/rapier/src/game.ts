import type { InputSnapshot } from '@loop/core/dom';
import { InstantReplay } from '@loop/core/replay';
import { Poses } from '@loop/rapier';
import { BUILD } from './build';
import { CONTROLS, Controls, DROP } from './controls';
import { Physics } from './physics';

/** Options of {@link Game}. */
export interface GameOptions {
  /** Dynamic boxes in the pile. */
  boxes: number;
  /** The loop's timestep in ms. */
  timestep: number;
  /** Seed of the pile's jitter and of respawns. Default 1. */
  seed?: number;
  /** Build id of recordings, before the configuration is added. Default this build's ({@link BUILD}). */
  build?: string;
  /** Seconds an instant replay shows. Default 10. */
  instantSeconds?: number;
  /** Seconds of history kept for instant replay and saved files. Default 12. */
  keepSeconds?: number;
  /** Seconds between keyframes. Default 2. */
  keyframeSeconds?: number;
}

/**
 * The id recordings are made and checked with: the build (a hash of the code, src/build.ts) and
 * the configuration that shapes the simulation, because the same controls on another pile, seed
 * or timestep play another game. `Recording.fromBytes` compares it whole, so a file from another
 * configuration is refused with "made by build X, this is build Y" before anything is loaded.
 */
export function recordingId(build: string, boxes: number, seed: number, timestep: number): string {
  return `${build} boxes ${boxes} seed ${seed} step ${timestep} ms`;
}

/**
 * One fixed step of the game, and everything a step touches: the physics, the poses render
 * blends, the controls, record and replay. `update(dt, input)` is the loop's update hook; the
 * browser (main.ts) and the tests drive the very same code.
 *
 * A step: previous poses saved, then the controls of this tick (live and recorded, or from a
 * replay), one `world.step()` of exactly `dt`, the moved bodies read into the pose arrays,
 * fallen bodies respawned and dropped boxes (B) lifted, without smear, and the state hash
 * recorded or checked.
 */
export class Game {
  /** The Rapier world and what it holds. */
  readonly physics: Physics;
  /** Previous and current poses of every body, and their blend. */
  readonly poses: Poses;
  /** Turns each step's input into the numbers the step consumes (and a recording keeps). */
  readonly controls = new Controls();
  /** Records the live ticks and plays recordings back. */
  readonly replays: InstantReplay;
  /** Fixed steps run (live or replayed). */
  steps = 0;
  /** Milliseconds all `world.step()` calls took so far: what the overlay averages. */
  get stepMsTotal(): number {
    return this.physics.stepMsTotal;
  }
  /** The state hash after the latest step (before a replay's end brings the live state back). */
  lastHash = 0;
  /**
   * The most bodies faster than 1 m/s in one step since the overlay last read it (and reset it
   * to 0): a peak, so a slow page that reads seldom still sees a fall that came between.
   */
  movingPeak = 0;

  private readonly replayed = new Float64Array(CONTROLS);

  constructor(options: GameOptions) {
    const seed = options.seed ?? 1;
    this.physics = new Physics(options.boxes, seed);
    this.poses = new Poses(this.physics.count);
    this.poses.readAll(this.physics.bodies);
    this.poses.teleportAll();
    this.replays = new InstantReplay(this, {
      build: recordingId(options.build ?? BUILD, options.boxes, seed, options.timestep),
      timestep: options.timestep,
      instantSeconds: options.instantSeconds ?? 10,
      keepSeconds: options.keepSeconds ?? 12,
      keyframeSeconds: options.keyframeSeconds ?? 2,
    });
  }

  /**
   * The loop's update: exactly one fixed step of `dt` seconds, with `input` sampled once for it.
   * R asks for an instant replay and Escape ends one; both take effect in this step.
   */
  update(dt: number, input: InputSnapshot): void {
    this.advance(
      dt,
      this.controls.read(input),
      input.wasPressed('KeyR'),
      input.wasPressed('Escape'),
    );
  }

  /**
   * One fixed step from controls already read: `live` (the numbers of {@link Controls}),
   * `replay` to start an instant replay and `end` to end one, both in this step. What `update`
   * does after reading the input; a worker, whose input arrives as numbers, calls it directly.
   */
  advance(dt: number, live: Float64Array, replay: boolean, end: boolean): void {
    this.poses.save();
    if (replay) this.replays.instant();
    if (end) this.replays.stop();
    const controls = this.replays.begin(live, this.replayed);
    this.step(dt, controls);
    this.replays.end(this.lastHash);
  }

  /** One step with the given controls; what update does between choosing them and the hash. */
  step(dt: number, controls: Float64Array): void {
    const physics = this.physics;
    const poses = this.poses;
    physics.step(dt, controls);
    poses.readActive(physics.world);
    // Teleports before the step (T), falls found now and a drop (B): read again, cut the blend.
    physics.respawnFallen(poses.positions.current);
    if (controls[DROP]) physics.drop(poses.positions.current);
    for (let k = 0; k < physics.respawnedCount; k++) {
      const i = physics.respawned[k]!;
      poses.jump(physics.bodies[i]!, i);
    }
    this.steps++;
    const moving = poses.moving(dt);
    // Stryker disable next-line EqualityOperator: at moving = peak both keep the same peak
    if (moving > this.movingPeak) this.movingPeak = moving;
    this.lastHash = poses.hash();
  }

  /** The whole state: Rapier's snapshot, see {@link Physics.state}. */
  saveState(): Uint8Array {
    return this.physics.state.saveState();
  }

  /** Loads a state and draws it as a jump: every pose read, no blend from the old ones. */
  loadState(bytes: Uint8Array): void {
    this.physics.state.loadState(bytes);
    this.poses.readAll(this.physics.bodies);
    this.poses.teleportAll();
  }

  /** Frees the physics world (an HMR dispose). */
  dispose(): void {
    this.physics.state.free();
  }
}
