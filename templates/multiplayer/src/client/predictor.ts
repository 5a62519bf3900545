import { MAX_PLAYERS } from '../shared/arena';
import { INPUT_BYTES, writeInput } from '../shared/input';
import { MAX_INPUTS_PER_MESSAGE } from '../shared/protocol';
import { NO_SLOT } from '../shared/snapshot';
import { STRIDE, World } from '../shared/world';

/** Ticks of input kept: a replay covers at most this many (over 2 s at 60 Hz). */
export const HISTORY = 128;
/** A correction larger than this (arena units) is taken at once; smaller ones are smoothed. */
export const SNAP_DISTANCE = 48;
/** Time constant of the smoothing, in ms: a correction is 63 % gone after it. */
export const SMOOTHING_MS = 100;

/**
 * The local player's prediction: the page steps its own copy of the world with the same fixed
 * step and its own input for each tick, so its movement shows on the next frame instead of a
 * round trip later. When a snapshot comes, it rewinds to the server's state at the snapshot's
 * tick and replays the inputs for the ticks after it ("Fast-Paced Multiplayer", Gabriel
 * Gambetta; the server's state is exact on the page, see snapshot.ts, so with the same inputs
 * the replay reaches the server's bits). Others are predicted holding the input the snapshot
 * says they had. A correction (the replayed position differs from the one drawn) that is
 * small is not shown as a jump: it becomes a visual offset that decays exponentially; a
 * large one (a teleport, a resync) is taken at once.
 *
 * Inputs live in a ring indexed by tick; {@link writeRecent} lays out the newest 16 for the
 * redundant input message. Typed arrays made once: nothing allocated per tick or snapshot.
 */
export class Predictor {
  /** The predicted world, at the newest tick the page has stepped. */
  readonly world = new World();
  /** The world before the last step, for drawing between steps. */
  readonly previous = new World();
  /** This page's seat, from the snapshots; {@link NO_SLOT} until the first one. */
  slot = NO_SLOT;
  /** The smoothing offset (x, y) added to the drawn local player; decays to 0. */
  readonly offset = new Float64Array(2);
  /** Corrections so far: reconciles that moved the local player, and their summed length. */
  corrections = 0;
  correctionTotal = 0;
  /** The largest correction so far (arena units): what a player may have seen jump. */
  largest = 0;
  /** The newest snapshot tick reconciled; older snapshots are ignored. */
  reconciled = -1;
  readonly #inputs = new Int8Array(HISTORY * INPUT_BYTES);
  // Stryker disable next-line UnaryOperator: fill(1) claims only tick 1, which the page steps (and records) before any replay reads it; writeRecent reads zeros either way
  readonly #ticks = new Int32Array(HISTORY).fill(-1);
  #started = false;

  /** True once a snapshot has given the prediction a state to start from. */
  get started(): boolean {
    return this.#started;
  }

  /** The predicted world's tick. */
  get tick(): number {
    return this.world.tick;
  }

  /** Steps the prediction one tick with this player's input for that tick, kept for replays. */
  step(x: number, y: number, buttons: number): void {
    const tick = this.world.tick + 1;
    const at = (tick % HISTORY) * INPUT_BYTES;
    writeInput(this.#inputs, at, x, y, buttons);
    this.#ticks[tick % HISTORY] = tick;
    this.previous.copyFrom(this.world);
    this.#apply(tick);
    this.world.step();
  }

  /**
   * Takes a decoded snapshot (`server` at its tick, `slot` this page's seat in it): rewinds to
   * it and replays this player's inputs for the ticks after it, up to the tick predicted so far.
   * A snapshot at or past the prediction (the first, or after the page fell behind) becomes the
   * prediction as it is. Returns the length of the correction, 0 when the prediction was right.
   */
  reconcile(server: World, slot: number): number {
    // Stryker disable next-line EqualityOperator: the same tick again (a duplicate) replays to the same bits, so nothing moves (the >= sibling is killed)
    if (server.tick <= this.reconciled) return 0;
    this.reconciled = server.tick;
    const seated = slot < MAX_PLAYERS; // NO_SLOT (255) is past every seat
    // The first snapshot is taken as it is, even behind steps taken before it (a page that
    // stepped early, a spectator whose slot was NO_SLOT all along).
    if (!this.#started || slot !== this.slot || server.tick >= this.world.tick) {
      this.slot = slot;
      this.#started = true;
      this.world.copyFrom(server);
      this.previous.copyFrom(server);
      this.offset.fill(0);
      return 0;
    }
    const target = this.world.tick;
    const at = slot * STRIDE;
    const oldX = seated ? this.world.state[at]! : 0;
    const oldY = seated ? this.world.state[at + 1]! : 0;
    this.world.copyFrom(server);
    while (this.world.tick < target) {
      // Stryker disable next-line ConditionalExpression: copying at every replayed tick ends at the same one, target − 1 (the false sibling is killed)
      if (this.world.tick === target - 1) this.previous.copyFrom(this.world);
      this.#apply(this.world.tick + 1);
      this.world.step();
    }
    if (!seated) return 0;
    const dx = oldX - this.world.state[at]!;
    const dy = oldY - this.world.state[at + 1]!;
    const size = Math.sqrt(dx * dx + dy * dy);
    if (size === 0) return 0;
    this.corrections++;
    this.correctionTotal += size;
    // Stryker disable next-line EqualityOperator: at an equal size the assignment changes nothing (the <= sibling is killed)
    if (size > this.largest) this.largest = size;
    if (size > SNAP_DISTANCE) this.offset.fill(0);
    else {
      // Drawn where it was, then eased onto the corrected path.
      this.offset[0]! += dx;
      this.offset[1]! += dy;
    }
    return size;
  }

  /** Decays the smoothing offset over `elapsed` ms of real time. */
  smooth(elapsed: number): void {
    const keep = Math.exp(-Math.max(0, elapsed) / SMOOTHING_MS);
    // Stryker disable next-line EqualityOperator: one more round reads and writes past offset's end, which a typed array ignores
    for (let i = 0; i < 2; i++) {
      const v = this.offset[i]! * keep;
      this.offset[i] = Math.abs(v) < 1 / 64 ? 0 : v;
    }
  }

  /**
   * Lays out the inputs of the 16 ticks up to `newest` (oldest first, newest last) in `out`, as
   * `writeInputMessage` reads them; ticks not in the history are zero (no input).
   */
  writeRecent(out: Int8Array, newest: number): void {
    for (let i = 0; i < MAX_INPUTS_PER_MESSAGE; i++) {
      const tick = newest - (MAX_INPUTS_PER_MESSAGE - 1 - i);
      const slot = ((tick % HISTORY) + HISTORY) % HISTORY;
      for (let k = 0; k < INPUT_BYTES; k++) {
        out[i * INPUT_BYTES + k] =
          this.#ticks[slot] === tick ? this.#inputs[slot * INPUT_BYTES + k]! : 0;
      }
    }
  }

  /** Puts this player's input for `tick` in force, when the history has it (else the one before holds). */
  #apply(tick: number): void {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a slot past the seats (a spectator's 255) would only write past inputs' end, which a typed array ignores
    if (this.slot >= MAX_PLAYERS) return; // a spectator (NO_SLOT, 255) has no input
    const h = tick % HISTORY;
    if (this.#ticks[h] !== tick) return;
    const at = this.slot * INPUT_BYTES;
    for (let k = 0; k < INPUT_BYTES; k++)
      this.world.inputs[at + k] = this.#inputs[h * INPUT_BYTES + k]!;
  }
}
