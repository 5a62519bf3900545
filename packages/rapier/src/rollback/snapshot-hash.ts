import { hashNumbers } from '@loop/core/replay';

/**
 * A 32-bit hash (unsigned) of a Rapier snapshot's bytes, for a rollback game's `checksum`: four
 * bytes at a time (as the Int32 words of the buffer when the bytes start on a 4-byte boundary, as
 * `takeSnapshot()`'s do), the last one to three bytes one by one, through `@loop/core/replay`'s
 * `hashNumbers`, so the same bytes hash the same on every engine. Unaligned bytes are hashed one
 * by one (slower, same guarantee: equal bytes, equal hash). Two snapshots of one state are equal
 * byte for byte, so a hash that differs says the worlds differ somewhere the poses do not show:
 * velocities, sleep, contacts, the solver's warm-start impulses.
 */
export function hashSnapshot(bytes: Uint8Array): number {
  if (bytes.byteOffset % 4 !== 0) return hashNumbers(bytes, bytes.byteLength);
  const words = bytes.byteLength >>> 2;
  const head = hashNumbers(new Int32Array(bytes.buffer, bytes.byteOffset, words), bytes.byteLength);
  return hashNumbers(bytes.subarray(words * 4), head);
}
