import type { InputSnapshot } from '@loop/core/dom';
import type { Bodies } from './bodies';
import { applyState, type View } from './scene';

/**
 * The game between the page and the bodies: what one fixed step does with the input (T
 * teleports cleanly, Y without `teleport()`) and what one frame writes into the instanced
 * meshes. Apart from main.ts, which only wires the page and calls the WebGL renderer, so that
 * tests read back the matrices a frame writes at a given alpha, after every kind of jump.
 */
export class Game {
  constructor(
    readonly bodies: Bodies,
    readonly view: View,
  ) {}

  /**
   * One fixed step of `dt` seconds, then the jump the keys ask for, as part of this step: after
   * the step's `save()`. Before it, `save()` would copy the jumped state into `previous`, and Y
   * would show no smear at all (T would look right for the wrong reason).
   */
  update(dt: number, keys: InputSnapshot): void {
    this.bodies.step(dt);
    if (keys.wasPressed('KeyT')) this.bodies.teleport(true);
    if (keys.wasPressed('KeyY')) this.bodies.teleport(false);
  }

  /**
   * Blends the bodies `alpha` of the way from the previous step to the latest, positions by
   * lerp and orientations by slerp, and writes one matrix per body into the meshes.
   */
  render(alpha: number): void {
    this.bodies.positions.blend(this.view.positions, alpha);
    this.bodies.orientations.blend(this.view.orientations, alpha);
    applyState(this.view);
  }
}
