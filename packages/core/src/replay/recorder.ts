import { InputSnapshot } from '../dom/input.js';
import { checkKnownOptions } from '../known-options.js'; // development build only
import { show } from '../show.js';
import { SNAPSHOT_HEAD, SnapshotEncoder, VALUES_ROW } from './input-codec.js';
import { Recording } from './recording.js';

/** Options of a {@link Recorder}. */
export interface RecorderOptions {
  /**
   * Names the build of the game (a version, a commit, a hash of the code). A recording replays
   * only on the build that made it: the same inputs on changed code give another game.
   */
  build: string;
  /** The loop's timestep in ms (`loop.options.timestep`): a replay steps at the same one. */
  timestep: number;
  /**
   * Ticks of history to keep (600 is ten seconds at 60 steps a second). Older ticks and
   * keyframes are dropped once a newer keyframe leaves at least this many, so memory stays
   * bounded in a long session. Default Infinity: the whole session.
   */
  keep?: number;
}

/** A state to replay from, and the tick it is the state before. */
interface Keyframe {
  readonly tick: number;
  readonly state: Uint8Array;
}

/**
 * Records what a fixed-step simulation consumes, tick by tick, so a {@link Playback} can play
 * the same session again: in a test, in an instant replay, or from a file sent with a bug
 * report. With a fixed timestep the simulation is a function of its starting state and the
 * input of each tick, never of the frame times, so that is all a recording holds: keyframes
 * (the state, as bytes) and one row of numbers per tick (an {@link InputSnapshot} or the game's
 * own numbers), plus an optional state hash per tick to prove the replay matches.
 *
 * Per tick it copies numbers into typed arrays it grows by doubling. With `keep` set and
 * keyframes added regularly, old ticks are dropped and the arrays stop growing: `record()` and
 * `hash()` then allocate nothing, and `keyframe()` keeps the state array it is given (without
 * new keyframes nothing can be dropped, since a replay needs a start).
 *
 * @example
 * const recorder = new Recorder({ build: BUILD, timestep: loop.options.timestep, keep: 600 });
 * recorder.keyframe(world.takeSnapshot());
 * // in update, once per fixed step:
 * const keys = input.sample();
 * recorder.record(keys);
 * step(world, keys);
 * recorder.hash(hashNumbers(poses));
 */
export class Recorder {
  /** The build recordings are made for. */
  readonly build: string;
  /** The timestep in ms. */
  readonly timestep: number;
  /** Ticks of history kept. */
  readonly keep: number;

  private readonly encoder = new SnapshotEncoder();
  private readonly keyframes: Keyframe[] = [];
  /** Absolute index of the first tick held. */
  private base = 0;
  /** Ticks held. */
  private count = 0;
  private offsets = new Uint32Array(256);
  private data = new Float64Array(1024);
  private hashes = new Float64Array(255);

  constructor(options: RecorderOptions) {
    checkKnownOptions(options, 'Recorder'); // development build only
    const { build, timestep, keep = Infinity } = options;
    if (typeof build !== 'string') {
      throw new RangeError(`Recorder build must be a string, got ${show(build)}`);
    }
    if (typeof timestep !== 'number' || !(timestep > 0) || timestep === Infinity) {
      throw new RangeError(`Recorder timestep must be a number of ms > 0, got ${show(timestep)}`);
    }
    if (typeof keep !== 'number' || !(keep >= 1)) {
      throw new RangeError(`Recorder keep must be a number of ticks >= 1, got ${show(keep)}`);
    }
    this.build = build;
    this.timestep = timestep;
    this.keep = keep;
  }

  /** Ticks recorded since the recorder was made: the index of the next one. */
  get ticks(): number {
    return this.base + this.count;
  }

  /**
   * Adds a state to replay from: the simulation's state now, before the next recorded tick
   * (`world.takeSnapshot()`, your own serialized state, both together). Needed before the first
   * {@link record}; add one every second or two so an instant replay can start near its first
   * tick. The recorder keeps the array itself: do not change it afterwards.
   */
  keyframe(state: Uint8Array): this {
    if (!(state instanceof Uint8Array)) {
      throw new TypeError(`Recorder.keyframe takes the state as a Uint8Array, got ${show(state)}`);
    }
    this.keyframes.push({ tick: this.ticks, state });
    this.forget();
    return this;
  }

  /**
   * Records the input one tick consumes: the snapshot `input.sample()` returned, or numbers of
   * the game's own (copied). Call it once per fixed step, before the step runs.
   */
  record(input: InputSnapshot | ArrayLike<number>): this {
    if (this.keyframes.length === 0) {
      throw new Error('Recorder.record: add a keyframe() first: a replay starts from a state');
    }
    let at = this.offsets[this.count]!;
    if (input instanceof InputSnapshot) {
      this.reserve(at + SNAPSHOT_HEAD + 2 * input.keys.size);
      at = this.encoder.encode(input, this.data, at);
    } else {
      const n = input.length;
      this.reserve(at + 1 + n);
      this.data[at] = VALUES_ROW;
      this.data.set(input, at + 1);
      at += 1 + n;
    }
    if (this.count === this.hashes.length) {
      this.hashes = grow(this.hashes, 2 * this.count);
      this.offsets = grow(this.offsets, 2 * this.count + 1);
    }
    this.hashes[this.count] = Number.NaN;
    this.count++;
    this.offsets[this.count] = at;
    return this;
  }

  /**
   * Records the hash of the state after the tick just recorded (see {@link hashNumbers}); a
   * {@link Playback} checks it with `verify`, so a replay that stops matching says at which tick.
   */
  hash(value: number): this {
    if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) {
      throw new RangeError(`Recorder.hash takes an unsigned 32-bit integer, got ${show(value)}`);
    }
    if (this.count === 0) throw new Error('Recorder.hash: record() the tick first');
    this.hashes[this.count - 1] = value;
    return this;
  }

  /**
   * A copy of the recorded ticks, from the newest keyframe that leaves at least `lastTicks` of
   * them (from the oldest keyframe kept when none does, or when `lastTicks` is left out). An
   * instant replay of the last ten seconds at 60 steps a second is `recording(600)`.
   */
  recording(lastTicks = Infinity): Recording {
    if (typeof lastTicks !== 'number' || !(lastTicks >= 0)) {
      throw new RangeError(`Recorder.recording: lastTicks must be >= 0, got ${show(lastTicks)}`);
    }
    if (this.keyframes.length === 0) throw new Error('Recorder.recording: no keyframe yet');
    const from = this.startFor(lastTicks);
    const first = from.tick - this.base;
    const skip = this.offsets[first]!;
    const offsets = this.offsets.slice(first, this.count + 1).map((at) => at - skip);
    return new Recording({
      build: this.build,
      timestep: this.timestep,
      firstTick: from.tick,
      start: from.state,
      keys: this.encoder.keys.slice(),
      offsets,
      data: this.data.slice(skip, this.offsets[this.count]),
      hashes: this.hashes.slice(first, this.count),
    });
  }

  /** Forgets every keyframe and tick: the next record needs a new keyframe. */
  clear(): void {
    this.base += this.count;
    this.count = 0;
    this.keyframes.length = 0;
  }

  /** The newest keyframe at least `ticks` before the end, else the oldest. */
  private startFor(ticks: number): Keyframe {
    const frames = this.keyframes;
    let i = frames.length - 1;
    while (i > 0 && frames[i]!.tick > this.ticks - ticks) i--;
    return frames[i]!;
  }

  /** Drops keyframes and ticks no replay of the last `keep` ticks needs. */
  private forget(): void {
    const from = this.startFor(this.keep);
    const frames = this.keyframes;
    frames.splice(0, frames.indexOf(from));
    const drop = from.tick - this.base;
    const skip = this.offsets[drop]!;
    this.data.copyWithin(0, skip, this.offsets[this.count]);
    for (let i = drop; i <= this.count; i++) this.offsets[i - drop] = this.offsets[i]! - skip;
    this.hashes.copyWithin(0, drop, this.count);
    this.base += drop;
    this.count -= drop;
  }

  /** Makes room for `size` numbers of rows. */
  private reserve(size: number): void {
    // Stryker disable next-line EqualityOperator: `>=` also grows at an exact fit, which changes only the private capacity, never a row (recording() copies up to the last row's end); `<=` loses rows (the recorder's tests kill it)
    if (size > this.data.length) this.data = grow(this.data, 2 * size);
  }
}

/** A copy of `array` of length `size`, the same kind. */
function grow<T extends Float64Array<ArrayBuffer> | Uint32Array<ArrayBuffer>>(
  array: T,
  size: number,
): T {
  const bigger = new (array.constructor as new (size: number) => T)(size);
  bigger.set(array);
  return bigger;
}
