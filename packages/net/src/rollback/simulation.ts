import type { RollbackGame } from './game.js';
import { StateHistory } from './history.js';
import { PlayerInputs, PUT_MISPREDICTED } from './inputs.js';

/** No tick to go back to. */
const NONE = 0x7fffffff;

/** Counters a session shows: ticks stepped for the first time, rollbacks, ticks stepped again. */
export interface SimulationCounts {
  steps: number;
  rollbacks: number;
  resimulated: number;
}

/**
 * The stepping core every session shares (peer to peer, spectator, sync test): the game, its
 * saved states ({@link StateHistory}), every player's inputs ({@link PlayerInputs}) and the
 * frame (ticks stepped). It steps a tick with each player's known input or its prediction,
 * saves the state after it, and when a known input replaces a prediction that differed, loads
 * the state of that tick and steps every tick up to the frame again ("rollback", GGPO's model).
 * Nothing here knows the network.
 */
export class Simulation {
  readonly inputs: PlayerInputs[];
  readonly history: StateHistory;
  /** The inputs of the tick being stepped, as the game's `step` gets them. */
  readonly stepInputs: Int32Array;
  /** A neutral input: `inputWords` zeros. */
  readonly zeros: Int32Array;
  readonly counts: SimulationCounts = { steps: 0, rollbacks: 0, resimulated: 0 };
  /** Ticks stepped: the state now is the state before tick `frame`. */
  frame = 0;
  readonly #game: RollbackGame;
  readonly #words: number;
  #incorrect = NONE;

  constructor(
    game: RollbackGame,
    readonly players: number,
    slots: number,
  ) {
    this.#game = game;
    this.#words = game.inputWords;
    this.inputs = Array.from({ length: players }, () => new PlayerInputs(game.inputWords));
    this.history = new StateHistory(game, slots);
    this.stepInputs = new Int32Array(players * game.inputWords);
    this.zeros = new Int32Array(game.inputWords);
  }

  /** Starts at `frame` from the game's state as it is: saves it as that tick's state. */
  begin(frame: number): void {
    this.frame = frame;
    this.#incorrect = NONE;
    this.#game.capture?.();
    this.history.save(frame);
  }

  /** The earliest tick to step again, or −1 when none is pending. */
  get incorrect(): number {
    return this.#incorrect === NONE ? -1 : this.#incorrect;
  }

  /** Marks `tick` as stepped with an input that turned out wrong (when it was stepped at all). */
  mispredicted(tick: number): void {
    if (tick < this.frame && tick < this.#incorrect) this.#incorrect = tick;
  }

  /** Takes a known input for `player` and marks a misprediction; returns the PUT_* verdict. */
  put(player: number, tick: number, source: Int32Array, from: number, present: boolean): number {
    const verdict = this.inputs[player]!.put(tick, source, from, present);
    if (verdict === PUT_MISPREDICTED) this.mispredicted(tick);
    return verdict;
  }

  /** Makes `player` absent from `tick` on (known, neutral), marking a change as a misprediction. */
  absent(player: number, tick: number): void {
    if (this.inputs[player]!.absent(tick, this.zeros)) this.mispredicted(tick);
  }

  /** Fills {@link stepInputs} for `tick` and returns the presence bits. */
  #assemble(tick: number): number {
    const words = this.#words;
    let present = 0;
    for (let p = 0; p < this.players; p++) {
      const inputs = this.inputs[p]!;
      const at = inputs.use(tick, this.zeros);
      for (let w = 0; w < words; w++) this.stepInputs[p * words + w] = inputs.words[at + w]!;
      if (inputs.presentAt(tick)) present |= 1 << p;
    }
    return present;
  }

  /** Steps tick `tick` from the live state (which must be the state before it). */
  stepTick(tick: number): void {
    const present = this.#assemble(tick);
    this.#game.step(this.stepInputs, tick, present);
    this.#game.capture?.();
  }

  /** Steps the frame's tick for the first time and saves the state after it. */
  advance(): void {
    this.stepTick(this.frame);
    this.frame++;
    this.history.save(this.frame);
    this.counts.steps++;
  }

  /**
   * When a tick was stepped with a wrong input: loads its state and steps every tick up to the
   * frame again, within this call. Returns the ticks stepped again (0 when none was wrong).
   */
  rollback(): number {
    const from = this.#incorrect;
    this.#incorrect = NONE;
    if (from >= this.frame) return 0;
    if (!this.history.load(from)) {
      throw new Error(
        `rollback to tick ${from}: its state is no longer kept (frame ${this.frame}, ${this.history.slots} slots)`,
      );
    }
    for (let t = from; t < this.frame; t++) {
      this.stepTick(t);
      this.history.save(t + 1);
    }
    this.counts.rollbacks++;
    this.counts.resimulated += this.frame - from;
    return this.frame - from;
  }

  /** Player `p`'s input words and presence at `tick` into `out` at `at` (known or as used). */
  copyInput(player: number, tick: number, out: Int32Array, at: number): boolean {
    const inputs = this.inputs[player]!;
    const from = inputs.at(tick);
    for (let w = 0; w < this.#words; w++) out[at + w] = inputs.words[from + w]!;
    return inputs.presentAt(tick);
  }
}
