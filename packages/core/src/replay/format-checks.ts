import { SNAPSHOT_HEAD, SNAPSHOT_ROW, VALUES_ROW } from './input-codec.js';
import type { RecordingParts } from './recording.js';

/** True for a whole number from `min` to `max`. */
function whole(n: number, min: number, max: number): boolean {
  return Number.isInteger(n) && n >= min && n <= max;
}

/**
 * True for a row a recorder writes from an input snapshot: the pointer (finite x and y, its
 * flags as bits 0 to 7, a whole count), then pairs of a key's index in the table and its flags.
 */
function inputRow(data: Float64Array, start: number, end: number, keys: number): boolean {
  const pairs = end - start - SNAPSHOT_HEAD;
  if (
    pairs < 0 ||
    pairs % 2 !== 0 ||
    !Number.isFinite(data[start + 1]!) ||
    !Number.isFinite(data[start + 2]!) ||
    !whole(data[start + 3]!, 0, 7) ||
    !whole(data[start + 4]!, 0, Infinity)
  ) {
    return false;
  }
  for (let i = start + SNAPSHOT_HEAD; i < end; i += 2) {
    if (!whole(data[i]!, 0, keys - 1) || !whole(data[i + 1]!, 1, 7)) return false;
  }
  return true;
}

/**
 * Why the numbers of a recording read back from bytes are not ones a {@link Recorder} writes,
 * or undefined when they are: a finite timestep > 0, a whole first tick from 0 up, hashes that
 * are unsigned 32-bit integers (or NaN, none recorded), rows in order, each a game's own numbers
 * or an input snapshot's. A file whose checksum and lengths are right can still hold a first
 * tick of -5.5; replaying it would name ticks that never were, or read keys past the table.
 */
export function misfitField(parts: RecordingParts): string | undefined {
  const { timestep, firstTick, offsets, data, hashes, keys } = parts;
  if (!(timestep > 0 && timestep < Infinity)) {
    return `its timestep is ${timestep} ms, not a finite number > 0`;
  }
  if (!whole(firstTick, 0, Number.MAX_SAFE_INTEGER)) {
    return `its first tick is ${firstTick}, not a whole number >= 0`;
  }
  if (offsets[0] !== 0) return 'its row of tick 0 is out of order';
  for (let t = 0; t < hashes.length; t++) {
    const hash = hashes[t]!;
    const start = offsets[t]!;
    const end = offsets[t + 1]!;
    if (!Number.isNaN(hash) && !whole(hash, 0, 0xffffffff)) {
      return `its hash of tick ${t} is ${hash}, not an unsigned 32-bit integer`;
    }
    if (end <= start) {
      return `its row of tick ${t} is out of order`;
    }
    const kind = data[start];
    if (
      kind !== VALUES_ROW &&
      (kind !== SNAPSHOT_ROW || !inputRow(data, start, end, keys.length))
    ) {
      return `its row of tick ${t} is no input a recorder writes`;
    }
  }
  return undefined;
}
