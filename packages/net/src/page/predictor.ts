import { NO_SLOT } from '../wire/snapshot-frame.js';

/**
 * What a {@link Predictor} needs of a game: its state (any object, typically flat typed arrays
 * and a tick), the same fixed step the server runs, and where a player is drawn. Every call
 * works in place on states the predictor made with {@link create}: nothing allocated per tick.
 */
export interface PredictionModel<S> {
  /** Bytes of one tick's input, as the wire carries them. */
  readonly inputBytes: number;
  /** Seats: a slot below this is a player; a slot at or past it (NO_SLOT) is a spectator. */
  readonly seats: number;
  /** Numbers in a drawn position (2 for x, y; 3 for x, y, z). */
  readonly positionSize: number;
  /** A new state, to be overwritten by {@link copy}. */
  create(): S;
  /** Makes `out` the same state as `from`, bit for bit, tick included. */
  copy(out: S, from: S): void;
  /** The state's tick. */
  tickOf(state: S): number;
  /** One fixed step with the inputs in force (each holds until replaced); the tick goes up by one. */
  step(state: S): void;
  /** Puts `input` (`inputBytes` from `at`) in force for the player in `slot`. */
  setInput(state: S, slot: number, input: Int8Array, at: number): void;
  /** Writes where the player in `slot` is drawn into `out` at `at` (`positionSize` numbers). */
  position(state: S, slot: number, out: Float64Array, at: number): void;
}

/** Settings of a {@link Predictor}. */
export interface PredictorOptions {
  /** A correction longer than this (the game's units) is taken at once; shorter ones are smoothed. */
  snapDistance: number;
  /** Time constant of the smoothing, in ms: a correction is 63 % gone after it. Default 100. */
  smoothingMs?: number;
  /** Ticks of input kept for replays; default 128 (over 2 s at 60 Hz). */
  history?: number;
  /** Inputs {@link Predictor.writeRecent} lays out: the wire's `maxInputsPerMessage`. Default 16. */
  recent?: number;
  /** An offset under this (the game's units) is dropped to 0; default 1/64. */
  settle?: number;
}

function positive(name: string, value: number, integer: boolean): number {
  if (typeof value !== 'number' || !(value > 0) || (integer && !Number.isInteger(value))) {
    const kind = integer ? 'an integer above 0' : 'a number above 0';
    throw new RangeError(`${name} must be ${kind}, got ${String(value)}`);
  }
  return value;
}

/**
 * The local player's prediction: the page steps its own copy of the world with the server's
 * fixed step and its own input for each tick, so its movement shows on the next frame instead
 * of a round trip later. When a snapshot comes, it rewinds to the server's state at the
 * snapshot's tick and replays the inputs for the ticks after it ("Fast-Paced Multiplayer",
 * Gabriel Gambetta; with a state the snapshot carries exactly, the replay reaches the server's
 * bits). Others are predicted holding the input the snapshot says they had. A small correction
 * is not shown as a jump: it becomes a visual offset that decays exponentially; a large one (a
 * teleport, a resync) is taken at once.
 *
 * Inputs live in a ring indexed by tick; {@link writeRecent} lays out the newest for the
 * redundant input message. Typed arrays made once: nothing allocated per tick or snapshot.
 */
export class Predictor<S> {
  /** The predicted world, at the newest tick the page has stepped. */
  readonly world: S;
  /** The world before the last step, for drawing between steps. */
  readonly previous: S;
  /** This page's seat, from the snapshots; {@link NO_SLOT} until the first one. */
  slot = NO_SLOT;
  /** The smoothing offset added to the drawn local player; decays to 0. */
  readonly offset: Float64Array;
  /** Corrections so far: reconciles that moved the local player, and their summed length. */
  corrections = 0;
  correctionTotal = 0;
  /** The largest correction so far: what a player may have seen jump. */
  largest = 0;
  /** The newest snapshot tick reconciled; older snapshots are ignored. */
  reconciled = -1;
  readonly snapDistance: number;
  readonly smoothingMs: number;
  readonly history: number;
  readonly recent: number;
  readonly settle: number;
  readonly #inputs: Int8Array;
  readonly #ticks: Int32Array;
  readonly #before: Float64Array;
  readonly #after: Float64Array;
  #started = false;

  constructor(
    readonly model: PredictionModel<S>,
    options: PredictorOptions,
  ) {
    this.snapDistance = positive('snapDistance', options.snapDistance, false);
    this.smoothingMs = positive('smoothingMs', options.smoothingMs ?? 100, false);
    this.history = positive('history', options.history ?? 128, true);
    this.recent = positive('recent', options.recent ?? 16, true);
    this.settle = positive('settle', options.settle ?? 1 / 64, false);
    this.world = model.create();
    this.previous = model.create();
    this.offset = new Float64Array(model.positionSize);
    this.#before = new Float64Array(model.positionSize);
    this.#after = new Float64Array(model.positionSize);
    this.#inputs = new Int8Array(this.history * model.inputBytes);
    // Stryker disable next-line UnaryOperator: fill(+1) has every slot claim tick 1, which only slot 1 is asked for, and only until a step records tick 1 there: writeRecent lays out that unwritten slot's zeros, as it does for a tick not held, and no replay reads tick 1 before its step (a replay reads the ticks past a later snapshot's, and the prediction passes tick 1 only by stepping it or by taking a snapshot past it)
    this.#ticks = new Int32Array(this.history).fill(-1);
  }

  /** True once a snapshot has given the prediction a state to start from. */
  get started(): boolean {
    return this.#started;
  }

  /** The predicted world's tick. */
  get tick(): number {
    return this.model.tickOf(this.world);
  }

  /** Steps the prediction one tick with this player's input for it (`inputBytes` from `at`), kept for replays. */
  step(input: Int8Array, at = 0): void {
    const n = this.model.inputBytes;
    const tick = this.tick + 1;
    const h = tick % this.history;
    for (let k = 0; k < n; k++) this.#inputs[h * n + k] = input[at + k]!;
    this.#ticks[h] = tick;
    this.model.copy(this.previous, this.world);
    this.#apply(tick);
    this.model.step(this.world);
  }

  /**
   * Takes a decoded snapshot (`server` at its tick, `slot` this page's seat in it): rewinds to
   * it and replays this player's inputs for the ticks after it, up to the tick predicted so far.
   * A snapshot at or past the prediction (the first, or after the page fell behind) becomes the
   * prediction as it is. Returns the length of the correction, 0 when the prediction was right.
   */
  reconcile(server: S, slot: number): number {
    const m = this.model;
    const tick = m.tickOf(server);
    // The same tick again is ignored too, whatever it says (another seat, other bits).
    if (tick <= this.reconciled) return 0;
    this.reconciled = tick;
    const seated = slot < m.seats;
    // The first snapshot is taken as it is, even behind steps taken before it.
    if (!this.#started || slot !== this.slot || tick >= this.tick) {
      this.slot = slot;
      this.#started = true;
      m.copy(this.world, server);
      m.copy(this.previous, server);
      this.offset.fill(0);
      return 0;
    }
    const target = this.tick;
    if (seated) m.position(this.world, slot, this.#before, 0);
    m.copy(this.world, server);
    while (this.tick < target) {
      // Stryker disable next-line ConditionalExpression: copying at every replayed tick ends at the same one, target − 1 (the false sibling is killed)
      if (this.tick === target - 1) m.copy(this.previous, this.world);
      this.#apply(this.tick + 1);
      m.step(this.world);
    }
    if (!seated) return 0;
    return this.#correct();
  }

  /** Measures the move from the position before the replay to the one after, and smooths or snaps it. */
  #correct(): number {
    this.model.position(this.world, this.slot, this.#after, 0);
    let sum = 0;
    for (let i = 0; i < this.#after.length; i++) {
      const d = this.#before[i]! - this.#after[i]!;
      sum += d * d;
    }
    const size = Math.sqrt(sum);
    if (size === 0) return 0;
    this.corrections++;
    this.correctionTotal += size;
    // Stryker disable next-line EqualityOperator: at an equal size the assignment changes nothing (the <= sibling is killed)
    if (size > this.largest) this.largest = size;
    if (size > this.snapDistance) this.offset.fill(0);
    else {
      // Drawn where it was, then eased onto the corrected path.
      for (let i = 0; i < this.offset.length; i++) {
        this.offset[i]! += this.#before[i]! - this.#after[i]!;
      }
    }
    return size;
  }

  /** Decays the smoothing offset over `elapsed` ms of real time. */
  smooth(elapsed: number): void {
    const keep = Math.exp(-Math.max(0, elapsed) / this.smoothingMs);
    for (let i = 0; i < this.offset.length; i++) {
      const v = this.offset[i]! * keep;
      this.offset[i] = Math.abs(v) < this.settle ? 0 : v;
    }
  }

  /**
   * Writes where to draw the local player into `out` at `at`: blended between the last two steps
   * by `alpha` (0 to 1, how far the present is past the last step), plus the smoothing offset.
   * Returns false, writing nothing, before a snapshot or for a spectator.
   */
  draw(out: Float64Array, at: number, alpha: number): boolean {
    if (!this.#started || this.slot >= this.model.seats) return false;
    this.model.position(this.previous, this.slot, this.#before, 0);
    this.model.position(this.world, this.slot, this.#after, 0);
    for (let i = 0; i < this.offset.length; i++) {
      const a = this.#before[i]!;
      out[at + i] = a + (this.#after[i]! - a) * alpha + this.offset[i]!;
    }
    return true;
  }

  /**
   * Lays out the inputs of the {@link recent} ticks up to `newest` (oldest first, newest last) in
   * `out`, as the wire's `writeInputMessage` reads them; ticks not in the history are zero.
   */
  writeRecent(out: Int8Array, newest: number): void {
    const n = this.model.inputBytes;
    const h = this.history;
    for (let i = 0; i < this.recent; i++) {
      const tick = newest - (this.recent - 1 - i);
      const slot = ((tick % h) + h) % h;
      const held = this.#ticks[slot] === tick;
      for (let k = 0; k < n; k++) out[i * n + k] = held ? this.#inputs[slot * n + k]! : 0;
    }
  }

  /** Puts this player's input for `tick` in force, when the history has it (else the one before holds). */
  #apply(tick: number): void {
    if (this.slot >= this.model.seats) return; // a spectator has no input
    const h = tick % this.history;
    if (this.#ticks[h] !== tick) return;
    this.model.setInput(this.world, this.slot, this.#inputs, h * this.model.inputBytes);
  }
}
