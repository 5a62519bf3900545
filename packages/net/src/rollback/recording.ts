import { Playback, Recorder, type Recording } from '@loop/core/replay';
import { checkGame, type RollbackGame } from './game.js';
import { StateHistory } from './history.js';
import type { Simulation } from './simulation.js';

/**
 * A match as `@loop/core/replay` records a session: the state the peer started from (tick 0,
 * or a rejoin's state) as the keyframe, then one row per confirmed tick, in order — the tick,
 * the presence bits, every player's input words — with the checksum of the state after it as
 * the tick's hash. A confirmed tick is final on every peer, so every peer's recording of the
 * same ticks is the same, and {@link replayMatch} plays one back with the game's own step and
 * checks each checksum. Rows grow the recorder's arrays by doubling (amortized, not per tick);
 * a session records only when asked to (`record: true`).
 *
 * The checksums are kept here, in a Uint32Array of their own, and put into the recording when
 * it is asked for: a checksum is above V8's small integers half the time, and handed to
 * `Recorder.hash` (or returned from the history) it would be boxed into a new heap number
 * whenever the call is not inlined, an allocation per tick.
 */
export class MatchRecorder {
  readonly recorder: Recorder;
  readonly #row: Float64Array;
  /** The checksum after each tick recorded since the keyframe, in order. */
  #hashes = new Uint32Array(256);
  #count = 0;

  constructor(
    readonly players: number,
    readonly inputWords: number,
    build: string,
    timestep: number,
  ) {
    this.recorder = new Recorder({ build, timestep });
    this.#row = new Float64Array(2 + players * inputWords);
  }

  /** Starts at a state (its bytes as the session's history gives them). */
  start(state: Uint8Array): void {
    this.recorder.clear();
    this.recorder.keyframe(state);
    this.#count = 0;
  }

  /**
   * Records confirmed tick `tick`: its inputs from `sim`, and the checksum of the state after
   * it, from `sim`'s history (which must still hold the state of tick + 1).
   */
  record(sim: Simulation, tick: number): void {
    const row = this.#row;
    row[0] = tick;
    let present = 0;
    const words = this.inputWords;
    for (let p = 0; p < this.players; p++) {
      const inputs = sim.inputs[p]!;
      const at = inputs.at(tick);
      for (let w = 0; w < words; w++) row[2 + p * words + w] = inputs.words[at + w]!;
      if (inputs.presentAt(tick)) present |= 1 << p;
    }
    row[1] = present;
    this.recorder.record(row);
    if (this.#count === this.#hashes.length) {
      const grown = new Uint32Array(this.#count * 2);
      grown.set(this.#hashes);
      this.#hashes = grown;
    }
    const history = sim.history;
    this.#hashes[this.#count++] = history.totals[history.slotOf(tick + 1)]!;
  }

  /** The recording so far (a copy), every tick with its checksum. */
  recording(): Recording {
    const recording = this.recorder.recording();
    recording.hashes.set(this.#hashes.subarray(0, recording.hashes.length));
    return recording;
  }
}

/** Options of {@link replayMatch}. */
export interface ReplayOptions {
  /** Players of the match (the rows' width follows). */
  players: number;
  /** Called after each tick with the tick and the checksum of the state after it. */
  onTick?: (tick: number, checksum: number) => void;
}

/**
 * Plays a match's recording on `game` (a fresh one of the same build): loads its start state,
 * steps each recorded tick with its recorded inputs and checks the checksum after it, throwing
 * a `RecordingError` that names the first tick that differs (`Playback.verify`). Returns the
 * ticks played. The checksums are the session's own (same parts, same hash), so a replay that
 * passes reproduced the match bit for bit at every confirmed tick.
 */
export function replayMatch(
  game: RollbackGame,
  recording: Recording,
  options: ReplayOptions,
): number {
  checkGame(game);
  const { players, onTick } = options;
  const history = new StateHistory(game, 1);
  if (!history.restore(recording.start)) {
    throw new RangeError(
      `the recording's start state (${recording.start.length} bytes) is not this game's`,
    );
  }
  const words = game.inputWords;
  const row = new Float64Array(2 + players * words);
  const inputs = new Int32Array(players * words);
  const playback = new Playback(recording);
  while (!playback.done) {
    const n = playback.sampleValues(row);
    if (n !== row.length)
      throw new RangeError(`a row holds ${n} numbers, not ${row.length}: another player count`);
    for (let i = 0; i < inputs.length; i++) inputs[i] = row[2 + i]!;
    game.step(inputs, row[0]!, row[1]!);
    game.capture?.();
    history.hashLive();
    const checksum = history.liveTotal[0]!;
    playback.verify(checksum);
    onTick?.(row[0]!, checksum);
  }
  return playback.tick;
}
