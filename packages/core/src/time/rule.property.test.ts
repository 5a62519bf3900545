import fc from 'fast-check';
import { describe, it } from 'vitest';
import { assert } from '../test-support/assert.js';
import { check } from '../test-support/check.js';
import { Clock, type ClockOptions } from './clock.js';

/**
 * The rule for time (README, "Time") checked against its specification as relations between
 * traces, not against a second implementation: what a glitch, a bad stamp, a repeat or a jump
 * does is stated as "the same as the trace without it" or as a span of raw timestamps. Every
 * loop runs on this clock, and the loop properties hold each loop to it.
 */

/** A display's frames: increasing timestamps from 1000 ms, each 0.001 to 40 ms after the last. */
const frames = fc
  .array(fc.double({ min: 0.001, max: 40, noNaN: true }), { minLength: 2, maxLength: 600 })
  .map((gaps) => {
    let t = 1000;
    return [t, ...gaps.map((g) => (t += g))];
  });

const options = fc.record({
  timestep: fc.constantFrom(1000 / 60, 1000 / 64, 10, 16, 50),
  maxSteps: fc.integer({ min: 1, max: 12 }),
  overflow: fc.constantFrom<'drop' | 'carry'>('drop', 'carry'),
  timeScale: fc.constantFrom(1, 1, 0.5, 1 / 3, 2),
});

/** Everything a clock shows after a trace of frames, each followed by the steps it owes. */
function run(o: ClockOptions, stamps: readonly number[]): string {
  const clock = new Clock({ ...o, maxDelta: 1e6 });
  let steps = 0;
  for (const t of stamps) {
    clock.advance(t);
    while (clock.due()) {
      clock.step();
      steps++;
    }
  }
  return JSON.stringify([clock.elapsed, clock.owed, clock.tick, steps, clock.now, clock.dropped]);
}

/** `stamps` with `extra(t)` inserted after the frame at each index in `at`. */
function insert(stamps: readonly number[], at: readonly number[], extra: (t: number) => number[]) {
  return stamps.flatMap((t, i) => (at.includes(i) ? [t, ...extra(t)] : [t]));
}

const where = fc.array(fc.nat(600), { maxLength: 20 });

describe('the rule for time', () => {
  it('lets through exactly the span of a trace that only goes forward, rounded once', () => {
    check(
      fc.property(frames, fc.constantFrom(1000 / 60, 10, 16), (stamps, timestep) => {
        const clock = new Clock({ timestep, maxDelta: 1e6 });
        for (const t of stamps) clock.advance(t);
        const span = stamps[stamps.length - 1]! - stamps[0]!;
        const units = Math.floor(span * clock.perMs + 0.5);
        assert(clock.elapsed === units, `let through ${clock.elapsed}, span ${units} units`);
      }),
      200,
    );
  });

  it('treats a bad timestamp as a zero-length frame', () => {
    const bad = fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -Infinity, 1e300, -1e300);
    check(
      fc.property(options, frames, where, bad, (o, stamps, at, b) => {
        const with_ = insert(stamps, at, () => [b]);
        assert(run(o, with_) === run(o, stamps), 'a bad timestamp changed the clock');
      }),
      200,
    );
  });

  it('owes nothing for a repeated timestamp', () => {
    check(
      fc.property(options, frames, where, (o, stamps, at) => {
        assert(
          run(
            o,
            insert(stamps, at, (t) => [t]),
          ) === run(o, stamps),
          'a repeat owed time',
        );
      }),
      200,
    );
  });

  it('adds no time for stamps that glitch back and return to the timeline', () => {
    const back = fc.array(fc.double({ min: 0.001, max: 5000, noNaN: true }), {
      minLength: 1,
      maxLength: 3,
    });
    check(
      fc.property(options, frames, where, back, (o, stamps, at, glitches) => {
        // glitches after a frame that has a successor: the next frame is their return
        const before = at.filter((i) => i < stamps.length - 1);
        const with_ = insert(stamps, before, (t) => glitches.map((g) => t - g));
        // the glitches owe time only among themselves, going forward below the timeline
        const rising = glitches.some((g, i) => i > 0 && g < glitches[i - 1]!);
        if (rising) return;
        assert(run(o, with_) === run(o, stamps), 'a glitch that returned added time');
      }),
      200,
    );
  });

  it('goes on at once from a clock that really jumped back: no freeze, no catch-up', () => {
    check(
      fc.property(frames, frames, fc.double({ min: 1, max: 1e5, noNaN: true }), (a, b, jump) => {
        const clock = new Clock({ timestep: 10, maxDelta: 1e6 });
        for (const t of a) clock.advance(t);
        const before = clock.elapsed;
        // the second display runs entirely below the last stamp of the first, `jump` ms below
        // (past it, only the time beyond the old latest stamp counts: no second count)
        const bSpan = b[b.length - 1]! - b[0]!;
        const offset = a[a.length - 1]! - jump - bSpan - b[0]!;
        for (const t of b) clock.advance(t + offset);
        const after = clock.elapsed - before;
        const span = bSpan * clock.perMs;
        // owed from its new value, the time since the jump (within the rounding of two ends)
        assert(Math.abs(after - span) <= 1.5, `owed ${after} units after the jump, span ${span}`);
      }),
      200,
    );
  });

  it('owes at most maxDelta a frame, runs at most maxSteps, keeps alpha in [0, 1)', () => {
    check(
      fc.property(options, frames, fc.constantFrom(20, 50, 250), (o, stamps, maxDelta) => {
        const clock = new Clock({ ...o, maxDelta });
        const scaledMax = Math.ceil(maxDelta * clock.perMs * o.timeScale) + 1;
        for (const t of stamps) {
          const owedBefore = clock.owed;
          clock.advance(t);
          assert(clock.owed - owedBefore <= scaledMax, 'owed more than maxDelta in a frame');
          let steps = 0;
          while (clock.due()) {
            clock.step();
            steps++;
          }
          assert(steps <= o.maxSteps, `${steps} steps in a frame`);
          assert(clock.alpha >= 0 && clock.alpha < 1, `alpha ${clock.alpha}`);
          if (o.overflow === 'drop') assert(clock.owed < clock.perStep, 'whole steps kept');
        }
      }),
      200,
    );
  });

  it('makes the first good frame after a resync a baseline, owing the rest a frame later', () => {
    check(
      fc.property(frames, fc.double({ min: 0, max: 1e6, noNaN: true }), (stamps, gap) => {
        const clock = new Clock({ timestep: 10, maxDelta: 1e6, maxSteps: 1, overflow: 'carry' });
        for (const t of stamps) clock.advance(t);
        const owed = clock.owed;
        clock.resync();
        const last = stamps[stamps.length - 1]!;
        assert(clock.advance(last + gap) === 0, 'a baseline let time through');
        // whole steps are set aside for this frame; the leftover (the phase) stays
        assert(clock.owed === owed % clock.perStep, 'the phase moved across a resync');
        clock.advance(last + gap);
        assert(clock.owed === owed, 'the set-aside steps did not come back');
      }),
      200,
    );
  });
});
