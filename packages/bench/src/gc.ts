/**
 * Forced garbage collection and heap readings for the allocation figures. `--expose-gc` is
 * turned on at run time when node was started without it, so the same code runs under
 * `node --expose-gc` (the bench) and inside a vitest worker (the test).
 */
import v8 from 'node:v8';
import vm from 'node:vm';

function exposeGc(): () => void {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (typeof existing === 'function') return existing;
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

const collect = exposeGc();

/** Runs a full (major) collection, twice, so weak and finalizable garbage is gone too. */
export function fullGc(): void {
  collect();
  collect();
}

/** Bytes of live objects in the JS heap right now (no collection). */
export function usedHeap(): number {
  return v8.getHeapStatistics().used_heap_size;
}

interface GcEvent {
  beforeGC: { heapStatistics: { usedHeapSize: number } };
  afterGC: { heapStatistics: { usedHeapSize: number } };
}

/**
 * Bytes allocated while `body` runs with no forced collection in between: heap growth, plus
 * whatever the collector freed if it ran by itself meanwhile (read from `v8.GCProfiler`), so a
 * scavenge in the middle does not hide allocation.
 */
export function allocatedDuring(body: () => void): number {
  const profiler = new v8.GCProfiler();
  const before = usedHeap();
  profiler.start();
  body();
  const after = usedHeap();
  // At run time the profiler reports camelCase fields (@types/node says snake_case).
  const stats = (profiler.stop()?.statistics ?? []) as unknown as GcEvent[];
  let freed = 0;
  for (const s of stats) {
    freed += s.beforeGC.heapStatistics.usedHeapSize - s.afterGC.heapStatistics.usedHeapSize;
  }
  return after - before + freed;
}
