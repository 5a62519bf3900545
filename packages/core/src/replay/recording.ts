import { RecordingError } from './error.js';
import { decodeRecording, encodeRecording } from './format.js';

/**
 * A stretch of a game's session that a replay reproduces: the state at its start and, for each
 * tick, the input the simulation consumed and (optionally) a hash of the state after it. Made by
 * {@link Recorder.recording} or read back from a file with {@link Recording.fromBytes}; played
 * by a {@link Playback}. Immutable once made.
 */
export class Recording {
  /** The build of the game that recorded it; a replay needs the same one. */
  readonly build: string;
  /** The timestep in ms the simulation ran at. */
  readonly timestep: number;
  /** Index of the first recorded tick, counted from the recorder's first. */
  readonly firstTick: number;
  /** The simulation's state before the first tick (a keyframe). */
  readonly start: Uint8Array;
  /** Key codes the snapshot rows refer to by index. */
  readonly keys: readonly string[];
  /** Row i is data[offsets[i], offsets[i + 1]); length + 1 entries. */
  readonly offsets: Uint32Array;
  /** Every row, one after another. */
  readonly data: Float64Array;
  /** The state hash after each tick, NaN where none was recorded. */
  readonly hashes: Float64Array;

  /** @internal Use {@link Recorder.recording} or {@link Recording.fromBytes}. */
  constructor(parts: RecordingParts) {
    this.build = parts.build;
    this.timestep = parts.timestep;
    this.firstTick = parts.firstTick;
    this.start = parts.start;
    this.keys = parts.keys;
    this.offsets = parts.offsets;
    this.data = parts.data;
    this.hashes = parts.hashes;
  }

  /** Ticks in the recording. */
  get length(): number {
    return this.hashes.length;
  }

  /** Seconds of simulated time the recording covers. */
  get duration(): number {
    return (this.length * this.timestep) / 1000;
  }

  /**
   * The recording as bytes, to save in a file or send with a bug report. The bytes carry a
   * format version, the build and a checksum, so {@link Recording.fromBytes} can refuse what it
   * cannot replay faithfully.
   */
  toBytes(): Uint8Array {
    return encodeRecording(this);
  }

  /**
   * Reads a recording back from {@link Recording.toBytes}' bytes, for the game build `build`.
   * Throws a {@link RecordingError} that says what is wrong: not a recording, a format version
   * this build cannot read, cut short or changed (the checksum), or made by another build (the
   * same inputs on other code diverge, so replaying it would show something that never happened).
   */
  static fromBytes(bytes: Uint8Array, build: string): Recording {
    const recording = new Recording(decodeRecording(bytes));
    if (recording.build !== build) {
      throw new RecordingError(
        `this recording was made by build ${JSON.stringify(recording.build)} and this is build ${JSON.stringify(build)}: replaying it here would diverge`,
      );
    }
    return recording;
  }
}

/** What a {@link Recording} is made of: its data, without the methods. */
export type RecordingParts = Pick<
  Recording,
  'build' | 'timestep' | 'firstTick' | 'start' | 'keys' | 'offsets' | 'data' | 'hashes'
>;
