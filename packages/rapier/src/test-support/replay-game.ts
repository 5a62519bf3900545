import type RAPIER from '@dimforge/rapier3d';
import { RapierGame } from '../rapier-game.js';
import { boxWorld } from './world.js';

/**
 * The smallest Rapier game with instant replay, as a game built on the package is: a column of
 * boxes; control 0 pushes box 0 sideways, control 1 teleports the body of that index (minus
 * one; 0 teleports none) to `teleportTo`. What the package's game, worker and replay tests drive.
 */
export class BoxGame extends RapierGame<RAPIER.World> {
  /** Where a teleport puts a body: x, y. */
  readonly teleportTo = [3, 6];
  private readonly push = { x: 0, y: 0, z: 0 };

  constructor(boxes = 4, timestep = 1000 / 60) {
    super(boxWorld(boxes, 0.1), 2, { build: 'box-game', timestep, keyframeSeconds: 0.5 });
  }

  protected act(dt: number, controls: Float64Array): void {
    const bodies = this.state.bodies;
    this.push.x = controls[0]!;
    this.push.y = 0;
    bodies[0]!.applyImpulse(this.push, true);
    this.state.step(dt);
  }

  protected override settle(_dt: number, controls: Float64Array): void {
    const index = controls[1]! - 1;
    if (index < 0) return;
    const body = this.state.bodies[index]!;
    body.setTranslation({ x: this.teleportTo[0]!, y: this.teleportTo[1]!, z: 0 }, true);
    this.jump(index);
    this.jump(index); // twice: read once
  }
}
