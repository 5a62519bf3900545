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

/**
 * Runs the world under a trace and returns its state after every tick, as exact bit strings,
 * with the real time the loop dropped (stalls past maxDelta) and the figures it ended on.
 */
function run(stamps: number[]) {
  const world = makeWorld();
  const states: string[] = [];
  let dropped = 0;
  const loop = createLoop({
    scheduler: 'manual',
    update: (dt) => {
      world.update(dt);
      const { x, y, vx, vy } = world.s;
      states.push(new Float64Array([x, y, vx, vy]).join(','));
    },
    onDrop: (ms) => {
      dropped += ms;
    },
  }).start();
  for (const t of stamps) loop.frame(t);
  return { states, dropped, loop };
}

describe('determinism', () => {
  const traces = [
    trace(30, 10, 0, 0),
    trace(60, 10, 0, 0),
    trace(144, 10, 0, 0),
    trace(240, 10, 0, 0),
    trace(60, 10, 2, 0),
    trace(144, 10, 1.5, 0),
    trace(60, 10, 2, 37),
    trace(30, 10, 4, 11),
  ];

  it('gives bit-identical state at every tick whatever the frame rate, jitter or spikes', () => {
    const runs = traces.map((t) => run(t).states);
    const common = Math.min(...runs.map((r) => r.length));
    expect(common).toBeGreaterThan(400);
    for (const r of runs) expect(r.slice(0, common)).toEqual(runs[0]!.slice(0, common));
  });

  it('runs exactly the steps the real time of each trace owes: not one more, not twice as many', () => {
    for (const stamps of traces) {
      const { states, dropped, loop } = run(stamps);
      // real time from the first frame (the baseline) to the last, less what the stall guards dropped
      const owed = stamps.at(-1)! - stamps[0]! - dropped;
      expect(states.length).toBe(loop.tick);
      expect(loop.tick).toBe(Math.floor(owed / (1000 / 60) + 1e-9));
      // and what is left over is the leftover: simulated + lag = owed, within one unit (16 ns)
      expect(Math.abs((loop.time + loop.lag) * 1000 - owed)).toBeLessThan((1000 / 60) * 2 ** -20);
    }
  });

  it('runs 600 ticks for 10 s of frames at any steady rate', () => {
    const lengths = [30, 60, 144, 240].map((hz) => run([0, ...trace(hz, 10, 0, 0)]).states.length);
    expect(lengths).toEqual([600, 600, 600, 600]);
  });

  for (const mode of ['variable', 'semi-fixed'] as const) {
    it(`drifts under a ${mode} step, which is why the fixed step exists`, () => {
      const at = (hz: number) => {
        const world = makeWorld();
        const loop = createLoop({ scheduler: 'manual', mode, update: world.update }).start();
        for (const t of [0, ...trace(hz, 10, 0, 0)]) loop.frame(t);
        return world.s.x;
      };
      expect(at(30)).not.toBe(at(144));
    });
  }
});
