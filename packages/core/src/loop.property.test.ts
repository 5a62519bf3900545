import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createBasicLoop } from './basic-loop.js';
import { createLoop } from './loop.js';
import { assert, snapshot } from './test-support/assert.js';
import { check } from './test-support/check.js';
import { stubRaf } from './test-support/fakes.js';
import { hostileTrace } from './test-support/hostile.js';
import { ALL_MODES, config, drive } from './test-support/loop-driver.js';
import { Reference } from './test-support/reference.js';
import { UNITS_PER_STEP } from './time/rule.js';

/**
 * Every loop under hostile clocks and hostile callers: the invariants of the README's rule for
 * time, the guards, the cap and the controls, checked after every frame of traces hundreds to
 * thousands of frames long, in every mode, with and without a cap.
 */

describe('createLoop under hostile clocks and callers', () => {
  it('keeps every invariant over clocks whose glitches return to the timeline', () => {
    const trace = hostileTrace({ controls: { scale: false } });
    check(
      fc.property(config(ALL_MODES), trace, (cfg, t) => drive(cfg, t, true)),
      120,
    );
  });

  it('keeps every invariant over clocks that really jump back, with time scale changes', () => {
    const trace = hostileTrace({ jumps: true, controls: { scale: true } });
    check(
      fc.property(config(ALL_MODES), trace, (cfg, t) => drive(cfg, t, false)),
      120,
    );
  });

  it('keeps every invariant on quiet traces: displays with jitter and rare glitches, no calls', () => {
    const trace = hostileTrace({ controls: false, length: { min: 1000, max: 3000 } });
    check(
      fc.property(config(['fixed', 'timeslice']), trace, (cfg, t) => drive(cfg, t, true)),
      60,
    );
  });

  it('treats a bad timestamp exactly as a repeat of the previous one', () => {
    const bad = fc.constantFrom(
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      1e300,
    );
    check(
      fc.property(
        config(ALL_MODES),
        hostileTrace({ controls: false, length: { min: 10, max: 300 } }),
        bad,
        fc.nat(),
        (cfg, trace, b, at) => {
          const stamps = trace.events.flatMap((e) => (e.kind === 'stamp' ? [e.t] : []));
          const i = 1 + (at % stamps.length);
          const run = (value: number) => {
            const loop = createLoop({ ...cfg, scheduler: 'manual' }).start();
            stamps.forEach((t, k) => {
              loop.frame(t);
              if (k === i - 1) loop.frame(value);
            });
            return snapshot(loop) + loop.stats.dropped;
          };
          const good = stamps.slice(0, i).filter((t) => Math.abs(t) <= 2 ** 53);
          const last = good.length > 0 ? good[good.length - 1]! : Number.NaN;
          assert(run(b) === run(last), 'a bad timestamp differs from a repeat');
        },
      ),
      200,
    );
  });
});

describe('createBasicLoop under hostile clocks and callers', () => {
  let unstub = () => {};
  beforeAll(() => {
    unstub = stubRaf();
  });
  afterAll(() => unstub());

  // With jumps the clock really goes back: time after the jump counts again, so the bound
  // below (set by the latest stamp) holds only without them; the ticks of createLoop always.
  it.each([false, true])(
    'keeps alpha in [0, 1), maxSteps and the ticks of createLoop (clock jumps: %s)',
    (jumps) => {
      const cfg = fc.record({
        timestep: fc.constantFrom(1000 / 60, 10, 16, 50),
        maxDelta: fc.constantFrom(50, 250, 1000),
        maxSteps: fc.integer({ min: 1, max: 20 }),
      });
      check(
        fc.property(cfg, hostileTrace({ jumps, controls: { scale: false } }), (c, trace) => {
          const model = new Reference(c.timestep, false);
          let updates = 0;
          let haltNext = false;
          let reenter = false;
          let halted = false;
          const loop = createBasicLoop({
            ...c,
            update: () => {
              assert(!halted, 'update after stop()');
              updates++;
              if (reenter) {
                reenter = false;
                const tick = loop.tick;
                let refused = false;
                try {
                  loop.frame(1e9);
                } catch {
                  refused = true;
                }
                assert(refused && loop.tick === tick, 'a re-entrant frame() ran');
              }
              if (haltNext) {
                haltNext = false;
                halted = true;
                loop.stop();
              }
            },
            render: (alpha) => {
              assert(!halted, 'render after stop()');
              assert(alpha >= 0 && alpha < 1, `alpha ${alpha}`);
            },
          });
          // The same loop in createLoop, fed the same frames and controls: the same ticks after
          // every frame (a freeze after a clock jumped back, or a second count of old time,
          // shows as a difference even where the upper bound holds).
          let twinHaltNext = false;
          const twin = createLoop({
            ...c,
            scheduler: 'manual',
            update: () => {
              if (twinHaltNext) {
                twinHaltNext = false;
                twin.stop();
              }
            },
          });
          let first = true;
          const start = () => {
            loop.start();
            twin.start();
            model.resync();
            first = true;
          };
          start();
          for (const e of trace.events) {
            if (e.kind === 'toggle') {
              loop.stop();
              twin.stop();
              start();
            } else if (e.kind === 'halt') {
              haltNext = true;
              twinHaltNext = true;
            } else if (e.kind === 'reenter') reenter = true;
            else if (e.kind === 'stamp') {
              model.stamp(e.t);
              updates = 0;
              halted = false;
              loop.frame(e.t);
              twin.frame(e.t);
              assert(loop.tick === twin.tick, `tick ${loop.tick}, createLoop ${twin.tick}`);
              assert(updates <= c.maxSteps, `${updates} updates in a frame`);
              if (first) assert(updates === 0, 'updates on the first frame after start()');
              first = false;
              if (!jumps) {
                assert(loop.tick * UNITS_PER_STEP <= model.spans, 'ahead of (largest − first)');
              }
              if (halted) start();
            }
          }
        }),
        120,
      );
    },
  );
});
