import type { Loop } from '../loop.js';

/** Throws `message` unless `ok`: the property tests' check, which says what broke. */
export function assert(ok: boolean, message: string): asserts ok {
  if (!ok) throw new Error(message);
}

/** Every figure a loop shows must be a finite number, whatever it was fed. */
export function assertFinite(loop: Loop): void {
  const { stats } = loop;
  const figures = {
    tick: loop.tick,
    time: loop.time,
    alpha: loop.alpha,
    lag: loop.lag,
    dt: loop.dt,
    now: loop.now,
    timeScale: loop.timeScale,
    updates: stats.updates,
    dropped: stats.dropped,
    rendered: stats.rendered,
    skipped: stats.skipped,
    statsNow: stats.now,
    frameTime: stats.frameTime,
    fps: stats.fps,
    droppedLast: stats.droppedLast,
  };
  for (const [name, value] of Object.entries(figures)) {
    assert(Number.isFinite(value), `${name} is ${value}`);
  }
}

/** What a loop's hooks saw, read by the invariants. */
export function snapshot(loop: Loop): string {
  return JSON.stringify([loop.tick, loop.alpha, loop.lag, loop.now, loop.stats.rendered]);
}
