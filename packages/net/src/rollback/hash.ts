/** Scratch for reading the bits of a number: one double seen as two 32-bit words. */
const scratch = new Float64Array(1);
const words = new Uint32Array(scratch.buffer);

/**
 * `@loop/core/replay`'s `hashNumbers(values, seed)` with the seed read from `out[at]` and the
 * hash written back there (set it to 0 first for no seed; leave a hash there to chain): the same
 * bits in, the same hash out. Neither the seed nor the hash is passed or returned, because a
 * number outside V8's small-integer range (a hash is, half the time) is boxed into a new heap
 * number when it crosses a call that is not inlined: an allocation per call, which a session
 * hashing every tick cannot afford. Doubles only (a caller copies other arrays into one first):
 * read from typed arrays of many kinds, the loop's loads go generic and box each fraction.
 */
export function hashInto(values: Float64Array, out: Uint32Array, at: number): void {
  let h = out[at]!;
  const n = values.length;
  for (let i = 0; i < n; i++) {
    scratch[0] = values[i]!;
    h = mix(mix(h, words[0]!), words[1]!);
  }
  out[at] = (h ^ n) >>> 0;
}

/** Folds one 32-bit word into the hash (MurmurHash3's 32-bit constants). */
function mix(h: number, word: number): number {
  let k = Math.imul(word, 0xcc9e2d51);
  k = Math.imul((k << 15) | (k >>> 17), 0x1b873593);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}
