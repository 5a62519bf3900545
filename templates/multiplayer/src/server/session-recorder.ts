import { hashNumbers, Playback, Recorder, type Recording } from '@loop/core/replay';
import { MAX_PLAYERS, TICK_RATE, TIMESTEP_MS } from '../shared/arena';
import { INPUT_BYTES } from '../shared/input';
import { SnapshotCodec, type SnapshotHeader } from '../shared/snapshot';
import { World } from '../shared/world';

/**
 * Names this simulation for recordings: a recording replays only on the build that made it.
 * Change it whenever world.ts or arena.ts changes what a step does.
 */
// Stryker disable next-line StringLiteral: any name replays, since a replay compares it with itself; what a change of name refuses is held by the test with 'arena-0'
export const SIMULATION_BUILD = 'arena-1';
/** Keyframes at least every 10 s of the room's time (twice per `keep`), so old ticks can be dropped. */
const KEYFRAME_TICKS = 10 * TICK_RATE;
/** Numbers per recorded tick: the seats present, the seats joined since the last step, every input. */
const ROW = 2 + MAX_PLAYERS * INPUT_BYTES;

/**
 * A room's session as `@loop/core`'s `Recorder` keeps it, so a live match can be replayed bit
 * for bit (a bug report): keyframes are snapshots (exact, see snapshot.ts), and each tick's row
 * holds what the step consumed besides the state: which seats were taken, which were taken
 * anew since the last step (a join resets a player), and every seat's input. The state hash
 * after each step lets a replay say at which tick it stopped matching. Per tick it copies into
 * the recorder's arrays; nothing is allocated but a keyframe every 10 s (or half the time kept, if less).
 */
export class SessionRecorder {
  readonly recorder: Recorder;
  /** Seats joined since the last step, a bit each: the room sets them in onJoin. */
  joined = 0;
  readonly #row = new Float64Array(ROW);
  readonly #codec = new SnapshotCodec();
  readonly #every: number;

  /** Keeps the last `seconds` of the session (up to half as much again: whole keyframe intervals). */
  constructor(seconds: number) {
    const keep = Math.max(1, Math.round(seconds * TICK_RATE));
    this.recorder = new Recorder({ build: SIMULATION_BUILD, timestep: TIMESTEP_MS, keep });
    this.#every = Math.max(1, Math.min(KEYFRAME_TICKS, Math.floor(keep / 2)));
  }

  /** Before a step, with the tick's inputs in place: a keyframe when due, then the tick's row. */
  beforeStep(world: World): void {
    if (this.recorder.ticks === 0 || world.tick % this.#every === 0) {
      this.recorder.keyframe(this.#codec.encode(world).slice());
    }
    const row = this.#row;
    let present = 0;
    // Stryker disable next-line EqualityOperator: present[MAX_PLAYERS] is past the array's end: undefined << 8 adds no bit
    for (let p = 0; p < MAX_PLAYERS; p++) present |= world.present[p]! << p;
    row[0] = present;
    row[1] = this.joined;
    this.joined = 0;
    // Stryker disable next-line EqualityOperator: one more round writes past the row's end, which a typed array ignores
    for (let i = 0; i < MAX_PLAYERS * INPUT_BYTES; i++) row[2 + i] = world.inputs[i]!;
    this.recorder.record(row);
  }

  /** After the step: the state's hash. */
  afterStep(world: World): void {
    this.recorder.hash(hashNumbers(world.state));
  }

  /** The session so far (the last `seconds` of it), ready for `toBytes()`. */
  recording(): Recording {
    return this.recorder.recording();
  }
}

/**
 * Replays a recording made by a {@link SessionRecorder} (read back with
 * `Recording.fromBytes(bytes, SIMULATION_BUILD)`): from its keyframe, each tick's joins, leaves
 * and inputs, then the same step as the server, checking the state hash after every tick.
 * Returns the world at the end; throws `RecordingError` naming the first tick that differs.
 */
export function replaySession(recording: Recording): World {
  const world = new World();
  // Stryker disable next-line ObjectLiteral: decode fills every field before anything reads one
  const header: SnapshotHeader = { tick: 0, ack: 0, missed: 0, slot: 0 };
  if (!new SnapshotCodec().decode(recording.start, world, header)) {
    throw new RangeError(
      `replaySession: the keyframe is ${recording.start.byteLength} bytes, not a snapshot`,
    );
  }
  const playback = new Playback(recording);
  const row = new Float64Array(ROW);
  while (!playback.done) {
    playback.sampleValues(row);
    for (let p = 0; p < MAX_PLAYERS; p++) {
      if (((row[1]! >> p) & 1) === 1) world.join(p);
      // A seat left empty is emptied again (zeros over zeros): cheaper to say than to check.
      if (((row[0]! >> p) & 1) === 0) world.leave(p);
    }
    // Stryker disable next-line EqualityOperator: one more round reads past the row's end and writes past the inputs' end, which a typed array ignores
    for (let i = 0; i < MAX_PLAYERS * INPUT_BYTES; i++) world.inputs[i] = row[2 + i]!;
    world.step();
    playback.verify(hashNumbers(world.state));
  }
  return world;
}
