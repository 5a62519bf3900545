import { Playback, Recorder, type Recording } from '@loop/core/replay';
import { readUint32 } from '../wire/bytes.js';
import { inputsFor, type NetGame } from './net-game.js';

/** Keyframes at least every this many seconds of the room's time (twice per `keep`), so old ticks can be dropped. */
const KEYFRAME_SECONDS = 10;

/** Numbers per recorded tick: for each seat whether it is taken and whether anew, then every input. */
function rowLength(game: NetGame<unknown>): number {
  return game.maxPlayers * (2 + game.wire.inputBytes);
}

/**
 * A room's session as `@loop/core`'s `Recorder` keeps it, so a live match can be replayed bit
 * for bit (a bug report): keyframes are snapshots (exact by the game's contract), and each
 * tick's row holds what the step consumed besides the state: which seats were taken, which
 * were taken anew since the last step (a join resets a player), and every seat's input. The
 * state hash after each step lets a replay say at which tick it stopped matching. Per tick it
 * copies into arrays made once; nothing is allocated but a keyframe every 10 s (or half the
 * time kept, if less).
 */
export class SessionRecorder<State> {
  readonly recorder: Recorder;
  /** Seats taken since the last step: the room sets a seat's entry to 1 when it joins. */
  readonly joined: Uint8Array;
  readonly #game: NetGame<State>;
  readonly #row: Float64Array;
  readonly #every: number;

  /** Keeps the last `seconds` of the session (up to half as much again: whole keyframe intervals). */
  constructor(game: NetGame<State>, seconds: number) {
    const tickRate = game.wire.tickRate;
    const keep = Math.max(1, Math.round(seconds * tickRate));
    this.#game = game;
    this.recorder = new Recorder({ build: game.build, timestep: game.wire.timestepMs, keep });
    this.#every = Math.max(1, Math.min(KEYFRAME_SECONDS * tickRate, Math.floor(keep / 2)));
    this.joined = new Uint8Array(game.maxPlayers);
    this.#row = new Float64Array(rowLength(game));
  }

  /**
   * Before the step to `tick + 1`, with the tick's inputs in place: a keyframe when due, then
   * the tick's row. `present` says which seats are taken (1) or not (0).
   */
  beforeStep(state: State, tick: number, present: Uint8Array, inputs: Int8Array): void {
    const game = this.#game;
    if (this.recorder.ticks === 0 || tick % this.#every === 0) {
      this.recorder.keyframe(game.encode(state, inputs, tick).bytes.slice());
    }
    const row = this.#row;
    const seats = game.maxPlayers;
    for (let p = 0; p < seats; p++) {
      row[p] = present[p]!;
      row[seats + p] = this.joined[p]!;
    }
    this.joined.fill(0);
    const at = 2 * seats;
    for (let i = 0; i < inputs.length; i++) row[at + i] = inputs[i]!;
    this.recorder.record(row);
  }

  /** After the step: the state's hash. */
  afterStep(state: State): void {
    this.recorder.hash(this.#game.hash(state));
  }

  /** The session so far (the last `seconds` of it), ready for `toBytes()`. */
  recording(): Recording {
    return this.recorder.recording();
  }
}

/**
 * Replays a recording made by a {@link SessionRecorder} of `game` (read back with
 * `Recording.fromBytes(bytes, game.build)`): from its keyframe, each tick's joins, leaves and
 * inputs, then the same step as the server, checking the state hash after every tick. Returns
 * the state and its tick at the end; throws `RecordingError` naming the first tick that differs.
 */
export function replaySession<State>(
  game: NetGame<State>,
  recording: Recording,
): { state: State; tick: number } {
  const state = game.create(1);
  if (!game.decode(recording.start, state)) {
    throw new RangeError(
      `replaySession: the keyframe is ${recording.start.byteLength} bytes, not a snapshot`,
    );
  }
  const seats = game.maxPlayers;
  const inputs = inputsFor(game, state);
  const playback = new Playback(recording);
  const row = new Float64Array(rowLength(game));
  let tick = readUint32(recording.start, 0);
  while (!playback.done) {
    playback.sampleValues(row);
    for (let p = 0; p < seats; p++) {
      if (row[seats + p] === 1) game.join(state, p);
      // A seat left empty is emptied again: cheaper to say than to check.
      if (row[p] === 0) game.leave(state, p);
    }
    for (let i = 0; i < inputs.length; i++) inputs[i] = row[2 * seats + i]!;
    game.step(state, inputs);
    tick++;
    playback.verify(game.hash(state));
  }
  return { state, tick };
}
