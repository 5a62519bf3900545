/** Scratch for reading the bits of a number: one double seen as two 32-bit words. */
const scratch = new Float64Array(1);
const words = new Uint32Array(scratch.buffer);

/**
 * A 32-bit hash (unsigned) of the exact bits of every number in `values`, in order: two states
 * hash the same only if they are bit-for-bit equal (so −0 and 0 differ, as do two NaNs with
 * different payloads), which is what a replay must reproduce. Hash the simulation's state after
 * each tick, record it with {@link Recorder.hash}, and {@link Playback.verify} finds the first
 * tick where a replay stops matching, instead of a slow drift noticed seconds later.
 *
 * Each double's two words go through a multiply-xorshift mix (MurmurHash3's 32-bit finalizer
 * constants); integer arithmetic only, so the same values hash the same on every engine. Works on
 * any array of numbers (a Float32Array's values hash by their exact double value), allocates
 * nothing. Not for anything secret. Chain hashes of several arrays with `seed`:
 * `hashNumbers(b, hashNumbers(a))`.
 */
export function hashNumbers(values: ArrayLike<number>, seed = 0): number {
  let h = seed >>> 0;
  const n = values.length;
  for (let i = 0; i < n; i++) {
    scratch[0] = values[i]!;
    h = mix(h, words[0]!);
    h = mix(h, words[1]!);
  }
  return (h ^ n) >>> 0;
}

/** Folds one 32-bit word into the hash. */
function mix(h: number, word: number): number {
  let k = Math.imul(word, 0xcc9e2d51);
  k = Math.imul((k << 15) | (k >>> 17), 0x1b873593);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}
