import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * Test support for @loop/net's allocation guards (not shipped): the heap as the guards read it,
 * in one place for the page side's and the room's, after the pattern of `@loop/core`'s guard.
 */

/** V8's full collection: the test runner's own where it exposes one, else turned on here. */
const gc: () => void = (() => {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (typeof existing === 'function') return existing;
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
})();

/**
 * Bytes in use after two forced full collections, code space left out (compiled code grows as
 * V8 optimizes, which is not what a guard measures), array buffers included.
 */
export function heapAfterGc(): number {
  gc();
  gc();
  let used = process.memoryUsage().arrayBuffers;
  for (const space of v8.getHeapSpaceStatistics()) {
    if (!space.space_name.startsWith('code')) used += space.space_used_size;
  }
  return used;
}
