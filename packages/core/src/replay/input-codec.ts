import type { InputSnapshot } from '../dom/input.js';

/**
 * How one tick's {@link InputSnapshot} is kept in a recording: as plain numbers, so a whole
 * session is one typed array and a file, not thousands of objects. A row is the pointer (x, y,
 * down/pressed/released as bits, count) and then, for every key whose flags are not 0, the key's
 * index in the recording's key table and its flags.
 */

/** The first number of a row recorded from an input snapshot. */
export const SNAPSHOT_ROW = 0;
/** The first number of a row of the game's own numbers. */
export const VALUES_ROW = 1;
/** Numbers before the keys in a snapshot row: the row kind and four for the pointer. */
export const SNAPSHOT_HEAD = 5;

/** The state the key encoder works on: bound once, so encoding allocates nothing. */
export class SnapshotEncoder {
  /** Key codes in the order they were first seen: the recording's key table. */
  readonly keys: string[] = [];
  private readonly index = new Map<string, number>();
  private out: Float64Array = new Float64Array(0);
  private at = 0;

  /**
   * Writes the row for `snapshot` into `out` from `at` on and returns where it ends. `out` must
   * have room for the pointer and two numbers for every key the snapshot holds.
   */
  encode(snapshot: InputSnapshot, out: Float64Array, at: number): number {
    const p = snapshot.pointer;
    out[at] = SNAPSHOT_ROW;
    out[at + 1] = p.x;
    out[at + 2] = p.y;
    out[at + 3] = (p.down ? 1 : 0) | (p.pressed ? 2 : 0) | (p.released ? 4 : 0);
    out[at + 4] = p.count;
    this.out = out;
    this.at = at + SNAPSHOT_HEAD;
    snapshot.keys.forEach(this.encodeKey);
    return this.at;
  }

  private readonly encodeKey = (flags: number, code: string): void => {
    if (flags === 0) return;
    let i = this.index.get(code);
    if (i === undefined) {
      i = this.keys.length;
      this.keys.push(code);
      this.index.set(code, i);
    }
    this.out[this.at] = i;
    this.out[this.at + 1] = flags;
    this.at += 2;
  };
}

/**
 * Rewrites `snapshot` from the row at [start, end) of `data`: every key of the table first goes
 * back to 0, then the recorded keys get their flags. Allocates nothing once the snapshot has
 * seen every key of the table.
 */
export function decodeSnapshot(
  snapshot: InputSnapshot,
  keys: readonly string[],
  data: Float64Array,
  start: number,
  end: number,
): InputSnapshot {
  const p = snapshot.pointer;
  const bits = data[start + 3]!;
  p.x = data[start + 1]!;
  p.y = data[start + 2]!;
  p.down = (bits & 1) !== 0;
  p.pressed = (bits & 2) !== 0;
  p.released = (bits & 4) !== 0;
  p.count = data[start + 4]!;
  for (let k = 0; k < keys.length; k++) snapshot.keys.set(keys[k]!, 0);
  for (let i = start + SNAPSHOT_HEAD; i < end; i += 2) {
    snapshot.keys.set(keys[data[i]!]!, data[i + 1]!);
  }
  return snapshot;
}
