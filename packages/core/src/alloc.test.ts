import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { Interpolated } from './blend/interpolated.js';
import { InputSnapshot } from './dom/input.js';
import { createLoop } from './loop.js';
import type { LoopOptions } from './options.js';
import { hashNumbers } from './replay/hash.js';
import { Playback } from './replay/playback.js';
import { Recorder } from './replay/recorder.js';

/**
 * Allocation regression guard: a loop driven for many thousands of frames by the manual
 * scheduler must not keep anything alive per frame. The heap is read after forced full
 * collections (`--expose-gc` switched on at run time), so garbage does not count, only
 * retained growth. Short-lived garbage (a boxed double) is fine; a leak is not.
 *
 * Noise, and why the thresholds never flake: code space is left out (the optimizing compiler
 * adds up to ~250 KB of machine code whenever it kicks in), and the growth is measured over
 * WINDOWS consecutive stretches of FRAMES frames, keeping the smallest, so one-off growth
 * (feedback vectors, a late optimization) lands in one window while a leak shows in all.
 * Leaking one object per update (~20 000 updates a window, ≥ 16 bytes each, over 300 KB) is
 * several times the LIMIT: the self-check below proves the guard catches it.
 */
const FRAMES = 50_000;
const WINDOWS = 3;
const WARMUP = 20_000;
const LIMIT = 64 * 1024;

const gc: () => void = (() => {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (typeof existing === 'function') return existing;
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
})();

/**
 * Bytes of live objects after two full collections, machine code left out, typed arrays' memory
 * (outside the V8 heap) included.
 */
function heapAfterGc(): number {
  gc();
  gc();
  let used = process.memoryUsage().arrayBuffers;
  for (const space of v8.getHeapSpaceStatistics()) {
    if (!space.space_name.startsWith('code')) used += space.space_used_size;
  }
  return used;
}

/** A 144 Hz display with deterministic ±1 ms jitter and a 400 ms stall every 5000 frames. */
function stamp(i: number): number {
  const jitter = (((i * 2654435761) >>> 0) / 2 ** 32 - 0.5) * 2;
  return 1000 + (i * 1000) / 144 + jitter + Math.floor(i / 5000) * 400;
}

/**
 * Runs a loop that moves 64 interpolated entities and blends them every render, warms it up,
 * then returns the smallest heap growth over WINDOWS stretches of FRAMES frames.
 */
function retainedBy(options: LoopOptions, leak?: unknown[]): number {
  const state = new Interpolated(64 * 3);
  const out = new Float64Array(64 * 3);
  let dropped = 0;
  const loop = createLoop({
    ...options,
    scheduler: 'manual',
    update(dt) {
      state.save();
      const c = state.current;
      for (let k = 0; k < c.length; k++) c[k] = c[k]! + dt;
      if (leak) leak.push({});
    },
    render(alpha) {
      state.blend(out, alpha);
    },
    onDrop(ms) {
      dropped += ms;
    },
  }).start();
  let i = 0;
  while (i < WARMUP) loop.frame(stamp(i++));
  let least = Number.POSITIVE_INFINITY;
  for (let w = 0; w < WINDOWS; w++) {
    const before = heapAfterGc();
    const end = i + FRAMES;
    while (i < end) loop.frame(stamp(i++));
    least = Math.min(least, heapAfterGc() - before);
  }
  loop.stop();
  expect(dropped).toBeGreaterThan(0);
  expect(loop.tick).toBeGreaterThan((WINDOWS * FRAMES) / 10);
  return least;
}

describe('allocation: no retained heap growth per frame', () => {
  it('fixed step with interpolation, jitter and stalls', () => {
    expect(retainedBy({})).toBeLessThan(LIMIT);
  });

  it('with an FPS cap, time scale and the carry overflow policy', () => {
    expect(retainedBy({ maxFps: 60, timeScale: 0.5, overflow: 'carry' })).toBeLessThan(LIMIT);
  });

  it('semi-fixed and variable modes', () => {
    expect(retainedBy({ mode: 'semi-fixed' })).toBeLessThan(LIMIT);
    expect(retainedBy({ mode: 'variable' })).toBeLessThan(LIMIT);
  });

  it('self-check: the guard fails a loop that leaks one object per update', () => {
    const leak: unknown[] = [];
    expect(retainedBy({}, leak)).toBeGreaterThan(LIMIT * 4);
    expect(leak.length).toBeGreaterThan(WINDOWS * FRAMES * (60 / 144) * 0.9);
  });

  it('recording with `keep` and playing back: memory stays bounded in a long session', () => {
    const recorder = new Recorder({ build: 'b', timestep: 1000 / 60, keep: 600 });
    const snapshot = new InputSnapshot();
    snapshot.keys.set('KeyA', 0).set('Space', 0);
    const state = new Float64Array(64);
    const tick = (i: number) => {
      if (i % 120 === 0) recorder.keyframe(new Uint8Array(state.buffer.slice(0)));
      snapshot.keys.set('KeyA', i % 3).set('Space', i % 7 === 0 ? 3 : 0);
      snapshot.pointer.x = i;
      recorder.record(snapshot);
      state[i % 64] = i;
      recorder.hash(hashNumbers(state));
    };
    let i = 0;
    while (i < WARMUP) tick(i++);
    // All windows together, not the least: the recorder's arrays grow by doubling, so growth
    // without a bound lands in a few windows only. Unbounded, it would be megabytes.
    const start = heapAfterGc();
    const end = i + WINDOWS * FRAMES;
    while (i < end) tick(i++);
    expect(heapAfterGc() - start).toBeLessThan(LIMIT * 4);
    // Playing it back, over and over: warmed up, then the least growth of WINDOWS stretches.
    const recording = recorder.recording();
    expect(recording.length).toBeGreaterThanOrEqual(600);
    const play = (times: number) => {
      for (let k = 0; k < times; k++) {
        const playback = new Playback(recording);
        while (!playback.done) playback.sample();
      }
    };
    play(20);
    let least = Number.POSITIVE_INFINITY;
    for (let w = 0; w < WINDOWS; w++) {
      const before = heapAfterGc();
      play(60); // about FRAMES ticks
      least = Math.min(least, heapAfterGc() - before);
    }
    expect(least).toBeLessThan(LIMIT);
  });
});
