/**
 * Allocation per frame in steady state. After a warm-up (so the optimizing compiler has done
 * its work), each loop runs a long stretch of frames twice over:
 *
 * - allocated: heap growth with no forced collection in between (plus anything a collection
 *   that ran by itself freed): every byte the frame path allocates, garbage included. V8 boxes
 *   a fresh double handed to a function it did not inline (a timestamp, an alpha), about 12–16
 *   bytes; the bare loop shows what the fake display and its timestamps cost.
 * - retained: heap growth between two forced full collections: what stays alive (a leak).
 */
import { type Contender, withContenders } from './contenders.js';
import { allocatedDuring, fullGc, usedHeap } from './gc.js';

/** Allocation figures of one loop. */
export interface AllocationRow {
  readonly name: string;
  /** Bytes allocated per frame, garbage included. */
  readonly allocatedPerFrame: number;
  /** Bytes still alive per frame after a forced full collection. */
  readonly retainedPerFrame: number;
  /** Heap growth in bytes over the whole run, between forced full collections (noise: ±1 KB). */
  readonly retainedTotal: number;
}

/** Sizes of an allocation run. */
export interface AllocationOptions {
  /** Frames per measurement. Default 200 000. */
  frames?: number;
  /** Untimed frames first. Default 100 000. */
  warmup?: number;
}

function measureOne(c: Contender, frames: number, warmup: number): AllocationRow {
  c.warm(warmup);
  fullGc();
  const allocated = allocatedDuring(() => c.run(frames));
  fullGc();
  const before = usedHeap();
  c.run(frames);
  fullGc();
  const retained = usedHeap() - before;
  return {
    name: c.name,
    allocatedPerFrame: allocated / frames,
    retainedPerFrame: retained / frames,
    retainedTotal: retained,
  };
}

/** Measures every contender, floor first. */
export function measureAllocation(options: AllocationOptions = {}): AllocationRow[] {
  const { frames = 200_000, warmup = 100_000 } = options;
  return withContenders((contenders) => contenders.map((c) => measureOne(c, frames, warmup)));
}
