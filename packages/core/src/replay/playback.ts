import { InputSnapshot } from '../dom/input.js';
import type { LoopState } from '../options.js';
import { advance, clockState, due, step } from '../time/rule.js';
import { clockView } from '../time/view.js';
import { RecordingError } from './error.js';
import { decodeSnapshot, SNAPSHOT_ROW, VALUES_ROW } from './input-codec.js';
import type { Recording } from './recording.js';

/** A hash as a replay error shows it: eight hex digits. */
function hex(hash: number): string {
  return `0x${hash.toString(16).padStart(8, '0')}`;
}

/**
 * Plays a {@link Recording} back as the input of the same simulation: restore the recording's
 * `start` state, then in each fixed step read the tick's input from `sample()` (or
 * `sampleValues()`) where the live game reads `input.sample()`, and `verify()` the state hash
 * after the step. The update itself does not change, which is the point: a replay runs the
 * game's own code.
 *
 * The speed is the loop's: a live loop with `timeScale` 0.25 replays in slow motion, one with 4
 * fast forward, and {@link replayAll} as fast as the machine can. The display's frame times do
 * not matter; only the count of ticks does.
 */
export class Playback {
  /** The snapshot `sample()` rewrites, as `Input.sample()` does. */
  private readonly snapshot = new InputSnapshot();
  private played = 0;

  constructor(readonly recording: Recording) {}

  /** Ticks played so far. */
  get tick(): number {
    return this.played;
  }

  /** Every tick of the recording has been played. */
  get done(): boolean {
    return this.played >= this.recording.length;
  }

  /**
   * The next tick's input as recorded, in the same snapshot object every call (keep the object,
   * not copies): what `input.sample()` returned at that tick.
   */
  sample(): InputSnapshot {
    const start = this.next(SNAPSHOT_ROW, 'an input snapshot (sample)');
    const r = this.recording;
    return decodeSnapshot(this.snapshot, r.keys, r.data, start, r.offsets[this.played]!);
  }

  /** Copies the next tick's own numbers into `out` and returns how many there are. */
  sampleValues(out: Float64Array): number {
    const start = this.next(VALUES_ROW, 'numbers (sampleValues)') + 1;
    const r = this.recording;
    const n = r.offsets[this.played]! - start;
    if (out.length < n) {
      throw new RangeError(`Playback.sampleValues: out holds ${out.length} numbers, the tick ${n}`);
    }
    for (let i = 0; i < n; i++) out[i] = r.data[start + i]!;
    return n;
  }

  /**
   * Compares the state hash after the tick just played with the recorded one and throws a
   * {@link RecordingError} naming the tick when they differ: the replay is no longer the game
   * that was recorded (other code, other start state, or a source of input or randomness the
   * recording did not capture). Ticks recorded without a hash pass.
   */
  verify(hash: number): void {
    const r = this.recording;
    const recorded = r.hashes[this.played - 1];
    if (recorded === undefined) {
      throw new RecordingError('Playback.verify: no tick has been played yet');
    }
    if (!Number.isNaN(recorded) && recorded !== hash) {
      throw new RecordingError(
        `replay diverged at tick ${r.firstTick + this.played - 1}: the state hash is ${hex(hash)} where the recording has ${hex(recorded)}`,
      );
    }
  }

  /** Moves to the next tick, whose row must be of `kind`; returns where the row starts. */
  private next(kind: number, what: string): number {
    const r = this.recording;
    if (this.done) {
      throw new RecordingError(`Playback: all ${r.length} ticks of the recording were played`);
    }
    const start = r.offsets[this.played]!;
    if (r.data[start] !== kind) {
      throw new RecordingError(
        `Playback: tick ${r.firstTick + this.played} was recorded as ${kind === SNAPSHOT_ROW ? 'numbers' : 'an input snapshot'}, not read as ${what}`,
      );
    }
    this.played++;
    return start;
  }
}

/** Steps each frame of {@link replayAll} owes: few frames, well under the default maxSteps. */
const STEPS_PER_FRAME = 8;

/**
 * Plays the rest of `playback` as fast as possible: the loops' own clock at the recording's
 * timestep, fed 8 timesteps of time per frame (`loop.now` is the frame's time, from 0), runs
 * `update` once per recorded tick, with the same `dt` and loop state a live loop fed those
 * frames gives. For tests, for checking a bug report's
 * recording, and for skipping to the end of an instant replay. Returns the ticks played. Each
 * update must read its tick (`sample()` or `sampleValues()`); one that reads none stops the
 * replay with a {@link RecordingError} rather than looping forever.
 */
export function replayAll(
  playback: Playback,
  update: (dt: number, loop: LoopState) => void,
): number {
  const first = playback.tick;
  const timestep = playback.recording.timestep;
  const clock = clockState({ timestep });
  const state = clockView(clock);
  advance(clock, 0);
  for (let frame = 1; !playback.done; frame++) {
    advance(clock, frame * STEPS_PER_FRAME * timestep);
    // The last frame may owe more steps than the recording has left.
    while (due(clock) && !playback.done) {
      const before = playback.tick;
      update(clock.dt, state);
      // An update that reads no tick (its replay was stopped, or it reads live input) would
      // leave the playback where it is and the replay would never end.
      if (playback.tick === before) {
        throw new RecordingError(
          `replayAll: the update read no tick of the recording (sample or sampleValues) after ${before} of ${playback.recording.length}, so the replay would never end`,
        );
      }
      step(clock);
    }
  }
  return playback.tick - first;
}
