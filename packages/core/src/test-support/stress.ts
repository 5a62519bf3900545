/** A slot of the stress test: its tick and checksum, then the numbers. */
export interface StressSlot {
  readonly header: Float64Array;
  readonly data: Float32Array;
}

/** The views of a stress slot of `floats` numbers. */
export function stressView(floats: number) {
  return (buffer: ArrayBufferLike, at: number): StressSlot => ({
    header: new Float64Array(buffer, at, 2),
    data: new Float32Array(buffer, at + 16, floats),
  });
}

/**
 * Checks a slot the reader holds: every number is the one its tick gives, and the checksum
 * is their sum. A slot written by two publishes (torn) fails one or the other.
 */
export function intact(slot: StressSlot): boolean {
  const tick = slot.header[0]!;
  const data = slot.data;
  let sum = 0;
  for (let i = 0; i < data.length; i++) {
    const v = data[i]!;
    if (v !== (tick * 7 + i) % 65536) return false;
    sum += v;
  }
  return sum === slot.header[1];
}
