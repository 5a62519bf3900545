import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check } from '../test-support/check.js';
import { cleanRun, GARBAGE, Game, setup, unloadable } from '../test-support/replay-game.js';

/** Control calls between ticks and inside them, in any order. */
const CALLS = [
  'instant',
  'stop',
  'bad',
  'unloadable',
  'save',
  'saved',
  'instant inside',
  'stop inside',
  'bad inside',
  'instant then tick',
] as const;

describe('InstantReplay under any interleaving of ticks and calls', () => {
  const clean = cleanRun(5000);

  it('keeps the live game, the recorded hashes and the keyframe schedule as if no replay had been asked for', () => {
    const options = fc.record({
      instantTicks: fc.integer({ min: 1, max: 90 }),
      keyframeTicks: fc.integer({ min: 1, max: 45 }),
      keepTicks: fc.integer({ min: 1, max: 150 }),
      speed: fc.constantFrom(0.25, 1, 3),
    });
    const steps = fc.array(fc.oneof(fc.integer({ min: 1, max: 80 }), fc.constantFrom(...CALLS)), {
      maxLength: 40,
    });
    const file = unloadable();
    check(
      fc.property(options, steps, (o, plan) => {
        const { game, replay, tick: run, liveHashes } = setup(o);
        const tick = (inside?: () => void) => {
          run(inside);
          expect(replay.timeScale).toBe(replay.replaying ? o.speed : 1);
          if (replay.phase === 'replaying') expect(replay.replaying).toBe(true);
          expect(replay.message).not.toMatch(/diverged/);
          expect(replay.matched).toBeLessThanOrEqual(replay.length);
        };
        let saved: Uint8Array | null = null;
        for (const step of plan) {
          if (typeof step === 'number') for (let i = 0; i < step; i++) tick();
          else if (step === 'instant') replay.instant();
          else if (step === 'stop') replay.stop();
          else if (step === 'bad') expect(replay.load(GARBAGE)).toBe(false);
          else if (step === 'unloadable') expect(replay.load(file)).toBe(true);
          else if (step === 'save' && replay.recorder.ticks > 0) saved = replay.save();
          else if (step === 'saved' && saved) expect(replay.load(saved)).toBe(true);
          else if (step === 'instant inside') tick(() => replay.instant());
          else if (step === 'stop inside') tick(() => replay.stop());
          else if (step === 'bad inside') tick(() => replay.load(GARBAGE));
          else if (step === 'instant then tick') {
            const ticks = replay.recorder.ticks;
            replay.instant();
            tick();
            if (ticks === 0) continue;
            const { length } = replay; // the replay started and played its first tick
            expect([replay.replaying, replay.phase, replay.matched]).toEqual(
              length === 1 ? [false, 'matched', 1] : [true, 'replaying', 1],
            );
            expect(length).toBeGreaterThanOrEqual(Math.min(o.instantTicks, o.keepTicks, ticks));
            expect(length).toBeLessThanOrEqual(o.instantTicks + o.keyframeTicks - 1);
          }
        }
        for (let i = 0; replay.replaying && i < 1000; i++) tick();
        expect(replay.replaying).toBe(false);
        const n = replay.recorder.ticks;
        expect(liveHashes).toEqual(clean.hashes.slice(0, n));
        expect(game.hash()).toBe(n === 0 ? new Game().hash() : clean.hashes[n - 1]);
        if (n === 0) return;
        const kept = replay.recorder.recording();
        expect(kept.firstTick % o.keyframeTicks).toBe(0);
        expect(kept.length).toBeGreaterThanOrEqual(Math.min(o.keepTicks, n));
        expect(kept.length).toBeLessThanOrEqual(o.keepTicks + 2 * o.keyframeTicks - 1);
        expect(Array.from(kept.hashes)).toEqual(clean.hashes.slice(kept.firstTick, n));
      }),
      120,
    );
  });
});
