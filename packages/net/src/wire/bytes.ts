/**
 * Little-endian u32 without a DataView: a view per message would be an allocation per message,
 * and these run on every input and snapshot on both ends.
 */

/** Writes `value` as a little-endian u32 into `out` at `at`. */
export function writeUint32(out: Uint8Array, at: number, value: number): void {
  out[at] = value;
  out[at + 1] = value >>> 8;
  out[at + 2] = value >>> 16;
  out[at + 3] = value >>> 24;
}

/** Reads a little-endian u32 written by {@link writeUint32}; bytes past the end read as 0. */
export function readUint32(bytes: Uint8Array, at: number): number {
  return (
    // A missing byte is undefined, which a bitwise operator reads as 0.
    (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0
  );
}
