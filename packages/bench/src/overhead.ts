/**
 * Loop overhead: nanoseconds per frame with trivial hooks, against a bare rAF loop doing the
 * same hooks (the floor). The contenders are warmed up in turns, so the fake display's call
 * site is equally polymorphic for all (a browser calls rAF callbacks from native code, never
 * inlined), then timed in interleaved rounds (rotating the order) and the median round is kept.
 * Speed is printed, never asserted.
 */
import { type Contender, withContenders } from './contenders.js';
import { fullGc } from './gc.js';

/** Overhead of one loop. */
export interface OverheadRow {
  readonly name: string;
  /** Median nanoseconds per frame over the rounds. */
  readonly nsPerFrame: number;
  /** nsPerFrame divided by the floor's. */
  readonly ratio: number;
  /** nsPerFrame minus the floor's. */
  readonly overFloor: number;
  /** Update calls per frame (about 1 at 60 Hz for every loop here). */
  readonly updatesPerFrame: number;
}

/** Sizes of an overhead run. */
export interface OverheadOptions {
  /** Timed frames per contender, over all rounds. Default 2 000 000. */
  frames?: number;
  /** Interleaved rounds. Default 8. */
  rounds?: number;
  /** Untimed frames per contender first. Default 200 000. */
  warmup?: number;
}

/** Frames each loop runs per turn of the warm-up. */
const WARM_CHUNK = 1000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function timeRun(c: Contender, frames: number): number {
  c.activate();
  fullGc();
  const t0 = process.hrtime.bigint();
  c.run(frames);
  return Number(process.hrtime.bigint() - t0) / frames;
}

/** Measures every contender; the first row is the floor (ratio 1). */
export function measureOverhead(options: OverheadOptions = {}): OverheadRow[] {
  const { frames = 2_000_000, rounds = 8, warmup = 200_000 } = options;
  const perRound = Math.max(1, Math.floor(frames / rounds));
  const rows = withContenders((contenders) => {
    // Warm up in turns, so no loop is compiled while it alone has used the fake display.
    for (let done = 0; done < warmup; done += WARM_CHUNK) {
      for (const c of contenders) c.warm(WARM_CHUNK);
    }
    const samples = contenders.map(() => [] as number[]);
    for (let r = 0; r < rounds; r++) {
      for (let k = 0; k < contenders.length; k++) {
        const i = (k + r) % contenders.length;
        samples[i]!.push(timeRun(contenders[i]!, perRound));
      }
    }
    const total = Math.ceil(warmup / WARM_CHUNK) * WARM_CHUNK + perRound * rounds;
    return contenders.map((c, i) => ({
      name: c.name,
      nsPerFrame: median(samples[i]!),
      updatesPerFrame: c.sink.updates / total,
    }));
  });
  const floor = rows[0]!.nsPerFrame;
  return rows.map((row) => ({
    ...row,
    ratio: row.nsPerFrame / floor,
    overFloor: row.nsPerFrame - floor,
  }));
}
