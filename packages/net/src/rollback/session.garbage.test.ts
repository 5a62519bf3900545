import { PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import type { RollbackOptions } from './options.js';
import { QUIET_STEP, QuietMesh, quietGame, quietOpaqueGame } from './test-quiet-mesh.js';

/**
 * Garbage guard: the session makes no garbage per tick, not only keeps none (session.alloc
 * measures what stays alive). Three peers over links that delay, jitter, lose and reorder
 * packets roll back every few ticks; the links, the game and the driver allocate nothing once
 * warm (test-quiet-mesh.ts), so what the young generation gains is the sessions'.
 *
 * How it is read: after two full collections the young generation is empty; it is read before
 * and after a stretch of TICKS ticks with no collection between (a `gc` performance entry
 * inside the stretch voids it: garbage enough to set off a scavenge counts as too much). The
 * reading itself makes a little garbage, measured on an empty stretch and taken off. The least
 * of WINDOWS stretches is kept, so a late optimization (a deopt re-runs code in the
 * interpreter, which boxes numbers) lands in one stretch, while garbage made per tick shows in
 * all. Found this way and fixed: part hashes read through loads gone generic (six kinds of
 * array), a checksum handed to the recorder, a double returned by the catch-up check and the
 * input delay worked out once a second in the interpreter.
 *
 * The limit, LIMIT bytes per peer update, is below one 16-byte object every 60 updates: the
 * self-checks show the guard sees that (a second's worth of once-a-second garbage) and an object
 * per update.
 */
const TICKS = 1000;
const WINDOWS = 4;
const WARMUP_TICKS = 4000;
const LIMIT = 0.1;

const gc: () => void = (() => {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (typeof existing === 'function') return existing;
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
})();

/** Bytes in the young generation now. */
function youngBytes(): number {
  for (const space of v8.getHeapSpaceStatistics()) {
    if (space.space_name === 'new_space') return space.space_used_size;
  }
  throw new Error('no new_space');
}

/** Start times of the collections seen (entries come a little after, on the event loop). */
const collections: number[] = [];
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) collections.push(entry.startTime);
});
observer.observe({ entryTypes: ['gc'] });
afterAll(() => observer.disconnect());

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Young-generation growth over `run()`, or Infinity when a collection ran inside it. */
async function growth(run: () => void): Promise<number> {
  gc();
  gc();
  await settle();
  const start = performance.now();
  const before = youngBytes();
  run();
  const after = youngBytes();
  const end = performance.now();
  await settle();
  return collections.some((t) => t >= start && t <= end)
    ? Number.POSITIVE_INFINITY
    : after - before;
}

interface Case {
  session?: Partial<RollbackOptions>;
  opaque?: boolean;
  /** Makes one small object every `every` updates (the self-checks). */
  every?: number;
}

/** Where the self-checks' objects go (each replaces the last, so it is garbage at once). */
const sink: (object | undefined)[] = [undefined];

/** Garbage per peer update, in bytes: the least over WINDOWS stretches, the reading taken off. */
async function garbagePerUpdate(c: Case): Promise<number> {
  const mesh = new QuietMesh({
    players: 3,
    seed: 17,
    latency: 60,
    jitter: 30,
    loss: 200,
    session: c.session,
    game: c.opaque ? quietOpaqueGame : quietGame,
  });
  let updates = 0;
  const every = c.every;
  if (every !== undefined) {
    mesh.onUpdate = () => {
      if (++updates % every === 0) sink[0] = { updates };
    };
  }
  mesh.run(WARMUP_TICKS * QUIET_STEP);
  let least = Number.POSITIVE_INFINITY;
  for (let w = 0; w < WINDOWS; w++) {
    const reading = await growth(() => {});
    const rollbacks = mesh.sessions[0]!.counts.rollbacks;
    const bytes = await growth(() => mesh.run(TICKS * QUIET_STEP));
    expect(mesh.sessions[0]!.counts.rollbacks - rollbacks).toBeGreaterThan(TICKS / 20);
    least = Math.min(least, Math.max(0, bytes - reading) / (TICKS * mesh.sessions.length));
  }
  for (const s of mesh.sessions) {
    expect(s.desync).toBeNull();
    expect(s.state).toBe('running');
  }
  sink[0] = undefined;
  return least;
}

describe('RollbackSession, garbage per tick', () => {
  it('makes none while rolling back, typed-array game, no recording', async () => {
    expect(await garbagePerUpdate({ session: { record: false } })).toBeLessThan(LIMIT);
  });

  it('makes none while recording the match', async () => {
    expect(await garbagePerUpdate({ session: { record: true } })).toBeLessThan(LIMIT);
  });

  it('makes none with the sync test on (every tick stepped again and compared)', async () => {
    const session = { record: true, syncTest: true, checkDistance: 4 };
    expect(await garbagePerUpdate({ session })).toBeLessThan(LIMIT);
  });

  it('makes none for an opaque game (saved and loaded as bytes, its own checksum)', async () => {
    const session = { record: true, syncTest: true };
    expect(await garbagePerUpdate({ session, opaque: true })).toBeLessThan(LIMIT);
  });

  it('would see one small object every 60 updates (the guard works)', async () => {
    expect(await garbagePerUpdate({ session: { record: true }, every: 60 })).toBeGreaterThan(LIMIT);
  });

  it('would see one small object per update', async () => {
    expect(await garbagePerUpdate({ session: { record: true }, every: 1 })).toBeGreaterThan(
      LIMIT * 100,
    );
  });
});
