import { describe, expect, it } from 'vitest';
import { createLoop } from './loop.js';

/** A small nonlinear world (gravity, a damped spring, a bouncing floor) that amplifies any difference. */
function makeWorld() {
  const s = { x: 1, y: 5, vx: 2, vy: 0 };
  return {
    s,
    update(dt: number) {
      s.vx += (-8 * s.x - 0.3 * s.vx) * dt;
      s.vy += -9.81 * dt;
      s.x += s.vx * dt;
      s.y += s.vy * dt;
      if (s.y < 0) {
        s.y = -s.y * 0.9;
        s.vy = -s.vy * 0.9;
      }
    },
  };
}

/** Frame timestamps for `seconds` of a display at `hz`, with jitter and occasional spikes. */
function trace(hz: number, seconds: number, jitterMs: number, spikeEvery: number): number[] {
  let seed = hz * 7919;
  const rand = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
  const out: number[] = [];
  let t = 0;
  for (let i = 0; i < hz * seconds; i++) {
    t += 1000 / hz + (rand() - 0.5) * 2 * jitterMs;
    if (spikeEvery > 0 && i % spikeEvery === spikeEvery - 1) t += 80 + rand() * 400;
    out.push(t);
  }
  return out;
}

/** Runs the world under a trace and returns its state after every tick, as exact bit strings. */
function run(stamps: number[]): string[] {
  const world = makeWorld();
  const states: string[] = [];
  const loop = createLoop({
    scheduler: 'manual',
    update: (dt) => {
      world.update(dt);
      const { x, y, vx, vy } = world.s;
      states.push(new Float64Array([x, y, vx, vy]).join(','));
    },
  }).start();
  for (const t of stamps) loop.frame(t);
  return states;
}

describe('determinism', () => {
  it('gives bit-identical state at every tick whatever the frame rate, jitter or spikes', () => {
    const runs = [
      run(trace(30, 10, 0, 0)),
      run(trace(60, 10, 0, 0)),
      run(trace(144, 10, 0, 0)),
      run(trace(240, 10, 0, 0)),
      run(trace(60, 10, 2, 0)),
      run(trace(144, 10, 1.5, 0)),
      run(trace(60, 10, 2, 37)),
      run(trace(30, 10, 4, 11)),
    ];
    const common = Math.min(...runs.map((r) => r.length));
    expect(common).toBeGreaterThan(400);
    for (const r of runs) expect(r.slice(0, common)).toEqual(runs[0]!.slice(0, common));
  });

  it('runs the same number of ticks for the same real time at any steady rate', () => {
    const lengths = [30, 60, 144, 240].map((hz) => run([0, ...trace(hz, 10, 0, 0)]).length);
    // 10 s of frames minus the first frame of each trace, which sets the baseline
    expect(new Set(lengths).size).toBe(1);
  });

  it('drifts under a variable step, which is why the fixed step exists', () => {
    const variable = (hz: number) => {
      const world = makeWorld();
      const loop = createLoop({
        scheduler: 'manual',
        mode: 'variable',
        update: world.update,
      }).start();
      for (const t of [0, ...trace(hz, 10, 0, 0)]) loop.frame(t);
      return world.s.x;
    };
    expect(variable(30)).not.toBe(variable(144));
  });
});
