import type { World } from '@dimforge/rapier3d';
import type { InputSnapshot } from '@loop/core/dom';
import type { InstantReplayOptions } from '@loop/core/replay';
import { RapierGame } from '@loop/rapier';
import { BUILD } from './build';
import { CONTROLS, Controls, DROP } from './controls';
import { Physics } from './physics';

/**
 * Options of {@link Game}: the pile, and the instant replay's own (the loop's `timestep` in ms;
 * 10 s replayed of 12 s kept, a keyframe every 2 s, unless given).
 */
export interface GameOptions extends Omit<InstantReplayOptions, 'build'> {
  /** Dynamic boxes in the pile. */
  boxes: number;
  /** Seed of the pile's jitter and of respawns. Default 1. */
  seed?: number;
  /** Build id of recordings, before the configuration is added. Default this build's ({@link BUILD}). */
  build?: string;
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
 * The game's fixed step: `RapierGame` of @loop/rapier (poses saved, read and blended, teleports
 * never smeared, record and replay, the state hash) around this game's physics, controls and
 * rules. `update(dt, input)` is the loop's update hook; the browser (main.ts), the worker and
 * the tests drive the very same code.
 *
 * A step: the controls of this tick (live and recorded, or from a replay) act on the ball and
 * the world steps once by exactly `dt` ({@link Physics.step}); then fallen bodies respawn and a
 * drop of boxes (B) lifts them, each flagged as a jump so it is drawn at its new place at once.
 */
export class Game extends RapierGame<World> {
  /** The Rapier world and what it holds. */
  readonly physics: Physics;
  /** Turns each step's input into the numbers the step consumes (and a recording keeps). */
  readonly controls = new Controls();

  constructor({ boxes, seed = 1, build = BUILD, ...replay }: GameOptions) {
    const physics = new Physics(boxes, seed);
    super(physics.state, CONTROLS, {
      ...replay,
      build: recordingId(build, boxes, seed, replay.timestep),
    });
    this.physics = physics;
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

  /** The controls act on the ball, then one `world.step()` of exactly `dt`. */
  protected act(dt: number, controls: Float64Array): void {
    this.physics.step(dt, controls);
  }

  /** Falls found now and a drop (B); with the teleport (T) before the step, cut from the blend. */
  protected override settle(_dt: number, controls: Float64Array): void {
    const physics = this.physics;
    physics.respawnFallen(this.poses.positions.current);
    if (controls[DROP]) physics.drop(this.poses.positions.current);
    for (let k = 0; k < physics.respawnedCount; k++) this.jump(physics.respawned[k]!);
  }
}
