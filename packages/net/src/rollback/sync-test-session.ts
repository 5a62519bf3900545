import { DesyncError, type DesyncReport } from './desync.js';
import { checkGame, type RollbackGame } from './game.js';
import { HISTORY_MARGIN, integerIn, MAX_PLAYERS } from './options.js';
import { Simulation } from './simulation.js';
import { SyncCheck } from './sync-check.js';

/** Options of a {@link SyncTestSession}. */
export interface SyncTestOptions {
  game: RollbackGame;
  /** Players, 1 to 8: every one's input is given here, each tick. */
  players: number;
  /** Ticks to go back and step again after each tick, 1 to 24. Default 2 (GGRS's). */
  checkDistance?: number;
  /** Called with each difference found. Default: throw a {@link DesyncError} at the first. */
  onDesync?: (report: DesyncReport) => void;
}

/**
 * A game's determinism proven without a network, in a unit test or a development build: each
 * {@link update} steps one tick with the inputs in {@link inputs} (every player's, written by the
 * caller), then goes back `checkDistance` ticks and steps them again, comparing every state bit
 * for bit (see {@link SyncCheck}). A non-deterministic step is reported at the tick it happens,
 * with the part and the index that differ. A peer-to-peer session does the same with
 * `syncTest: true`.
 *
 * @example
 * const test = new SyncTestSession({ game, players: 2, checkDistance: 4 });
 * for (let t = 0; t < 600; t++) {
 *   test.inputs.set(inputsOfTick(t));
 *   test.update(); // throws a DesyncError naming tick, part and index
 * }
 */
export class SyncTestSession {
  /** Every player's input for the next tick, player p's words at [p × inputWords, …). */
  readonly inputs: Int32Array;
  readonly simulation: Simulation;
  readonly check: SyncCheck;
  /** The first difference found; null while none. */
  desync: DesyncReport | null = null;
  /** Differences found (one report each, the first kept in {@link desync}). */
  desyncs = 0;
  readonly #distance: number;
  readonly #onDesync: ((report: DesyncReport) => void) | undefined;

  constructor(options: SyncTestOptions) {
    checkGame(options.game);
    const players = integerIn('players', options.players, 1, MAX_PLAYERS);
    this.#distance = integerIn('checkDistance', options.checkDistance ?? 2, 1, HISTORY_MARGIN + 8);
    this.#onDesync = options.onDesync;
    this.simulation = new Simulation(options.game, players, this.#distance + 2);
    this.check = new SyncCheck(options.game);
    this.inputs = new Int32Array(players * options.game.inputWords);
    this.simulation.begin(0);
  }

  /** Ticks stepped. */
  get frame(): number {
    return this.simulation.frame;
  }

  /** Steps one tick with {@link inputs}, then checks the last `checkDistance` ticks. Returns the report of a difference, or null. */
  update(): DesyncReport | null {
    const sim = this.simulation;
    const words = this.inputs.length / sim.players;
    for (let p = 0; p < sim.players; p++) sim.put(p, sim.frame, this.inputs, p * words, true);
    sim.advance();
    const report = this.check.run(sim, this.#distance);
    if (report === null) return null;
    this.desyncs++;
    if (this.desync === null) this.desync = report;
    if (this.#onDesync === undefined) throw new DesyncError(report);
    this.#onDesync(report);
    return report;
  }
}
