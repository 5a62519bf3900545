import { InstantReplay, type InstantReplayOptions } from '@loop/core/replay';
import { Poses } from './poses.js';
import type { WorldLike } from './rapier-types.js';
import type { WorldState } from './world-state.js';

/**
 * One fixed step of a Rapier game with instant replay, every part of it a game of this kind
 * needs the same: previous poses saved, this tick's controls chosen (live and recorded, or a
 * replay's), the game's own step (`act`: its controls act on the bodies and the world steps
 * once with exactly `dt`, never the frame time), the bodies Rapier moved read into the pose
 * arrays, the game's after-step rules (`settle`: respawns, drops), every body flagged with
 * {@link jump} read again with its blend cut (no smear, however often it teleports), and the
 * state hash recorded or checked (Glenn Fiedler, "Deterministic Lockstep"). Keyframes are the
 * world's snapshots ({@link WorldState}); a loaded state is drawn as a jump.
 *
 * A game extends it with its world, `act` and `settle`; the browser, the worker
 * ({@link replaySimulation}) and the tests drive the very same step.
 */
export abstract class RapierGame<W extends WorldLike> {
  /** Previous and current poses of every body, and their blend. */
  readonly poses: Poses;
  /** Records the live ticks and plays recordings back. */
  readonly replays: InstantReplay;
  /** Fixed steps run (live or replayed). */
  steps = 0;
  /** The state hash after the latest step (before a replay's end brings the live state back). */
  lastHash = 0;
  /**
   * The most bodies faster than 1 m/s in one step since the overlay last read it (and reset it
   * to 0): a peak, so a slow page that reads seldom still sees a fall that came between.
   */
  movingPeak = 0;
  /** Bodies flagged by {@link jump} in this step, `jumpCount` of them, each once. */
  private readonly jumps: Int32Array;
  private jumpCount = 0;
  private readonly flagged: Uint8Array;
  private readonly replayed: Float64Array;

  /**
   * `state`: the world and its bodies, all added; `controls`: numbers per tick, what a recording
   * keeps; `replay`: the InstantReplay's options (the build id, the timestep in ms, …).
   */
  constructor(
    readonly state: WorldState<W>,
    controls: number,
    replay: InstantReplayOptions,
  ) {
    if (!Number.isInteger(controls) || controls < 1) {
      throw new RangeError(`RapierGame controls must be an integer >= 1, got ${controls}`);
    }
    this.poses = new Poses(state.count);
    this.jumps = new Int32Array(state.count);
    this.flagged = new Uint8Array(state.count);
    this.replayed = new Float64Array(controls);
    this.poses.readAll(state.bodies);
    this.poses.teleportAll();
    this.replays = new InstantReplay(this, replay);
  }

  /**
   * Milliseconds of the game's stepping so far, for the overlay: Rapier's steps taken through
   * {@link WorldState.step}. A game that times more of its step overrides it.
   */
  get stepMsTotal(): number {
    return this.state.stepMsTotal;
  }

  /**
   * One fixed step from controls already read: `live` (what a recording keeps), `replay` to
   * start an instant replay and `end` to end one, both in this step. The loop's update (or a
   * worker's, whose input arrives as numbers) calls it once per fixed step.
   */
  advance(dt: number, live: Float64Array, replay: boolean, end: boolean): void {
    this.poses.save();
    if (replay) this.replays.instant();
    if (end) this.replays.stop();
    const controls = this.replays.begin(live, this.replayed);
    this.step(dt, controls);
    this.replays.end(this.lastHash);
  }

  /** One step with the given controls; what `advance` does between choosing them and the hash. */
  step(dt: number, controls: Float64Array): void {
    this.jumpCount = 0;
    this.act(dt, controls);
    const poses = this.poses;
    poses.readActive(this.state.world);
    this.settle(dt, controls);
    const bodies = this.state.bodies;
    for (let k = 0; k < this.jumpCount; k++) {
      const i = this.jumps[k]!;
      this.flagged[i] = 0;
      poses.jump(bodies[i]!, i);
    }
    this.steps++;
    const moving = poses.moving(dt);
    if (moving > this.movingPeak) this.movingPeak = moving;
    this.lastHash = poses.hash();
  }

  /**
   * Flags body `index` as moved by hand in this step (a teleport, a respawn, a drop): after
   * `settle` its pose is read again and its blend cut. Flagging twice reads it once.
   */
  jump(index: number): void {
    if (this.flagged[index] === 1) return;
    if (!(index >= 0 && index < this.state.count && Number.isInteger(index))) {
      throw new RangeError(
        `RapierGame.jump index must be a body from 0 to ${this.state.count - 1}, got ${index}`,
      );
    }
    this.flagged[index] = 1;
    this.jumps[this.jumpCount++] = index;
  }

  /** The whole state: Rapier's snapshot ({@link WorldState.saveState}). */
  saveState(): Uint8Array {
    return this.state.saveState();
  }

  /** Loads a state and draws it as a jump: every pose read, no blend from the old ones. */
  loadState(bytes: Uint8Array): void {
    this.state.loadState(bytes);
    this.poses.readAll(this.state.bodies);
    this.poses.teleportAll();
  }

  /** Frees the world (an HMR dispose, a worker's end). */
  dispose(): void {
    this.state.free();
  }

  /** The game's own step: its controls act on the bodies, then the world steps once by `dt`. */
  protected abstract act(dt: number, controls: Float64Array): void;

  /**
   * After the step, with every moved body's current pose read (`poses.positions.current`): the
   * game's rules that place bodies by hand, each flagged with {@link jump}. Default: none.
   */
  protected settle(_dt: number, _controls: Float64Array): void {}
}
