import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { placeAtRest } from './place.js';
import { Poses } from './poses.js';
import { check } from './test-support/seed.js';
import { addBox, boxWorld } from './test-support/world.js';

/** What a tick does besides stepping: teleport some bodies, add one. */
const tick = fc.record({
  teleports: fc.array(fc.nat(11), { maxLength: 12 }),
  add: fc.boolean(),
  toggle: fc.option(fc.nat(11), { nil: undefined }),
  to: fc.tuple(
    fc.double({ min: -8, max: 8, noNaN: true }),
    fc.double({ min: 1, max: 9, noNaN: true }),
  ),
  alpha: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
});

describe('Poses under hostile traces, on a real Rapier world', () => {
  it('draws every body between its last two poses, and a body moved by hand at its new pose only', () => {
    // Teleports every tick (the same body twice, bodies just added), bodies added mid-run up to
    // the capacity, bodies taken out of the simulation (disabled) and put back somewhere else,
    // odd numbers of steps: after each step, the current pose is the world's pose of every
    // body, and a blend at any alpha never smears a jumped body.
    check(
      fc.property(fc.array(tick, { minLength: 1, maxLength: 23 }), (ticks) => {
        const capacity = 12;
        const state = boxWorld(3);
        const poses = new Poses(capacity);
        poses.readAll(state.bodies);
        poses.teleportAll();
        const jumped = new Set<number>();
        for (const t of ticks) {
          poses.save();
          jumped.clear();
          state.world.step();
          poses.readActive(state.world);
          if (t.add && state.count < capacity) {
            const index = addBox(state, t.to[0], t.to[1]);
            poses.jump(state.bodies[index]!, index);
            jumped.add(index);
          }
          if (t.toggle !== undefined && t.toggle < state.count) {
            const body = state.bodies[t.toggle]!;
            if (body.isEnabled()) {
              body.setEnabled(false); // out of the world: never active, its pose kept
            } else {
              body.setEnabled(true);
              placeAtRest(body, { x: t.to[0], y: t.to[1] + 2, z: 3 });
              poses.jump(body, t.toggle);
              jumped.add(t.toggle);
            }
          }
          for (const i of t.teleports) {
            if (i >= state.count) continue;
            const body = state.bodies[i]!;
            body.setTranslation({ x: t.to[0], y: t.to[1] + i, z: 0 }, true);
            poses.jump(body, i);
            jumped.add(i);
          }
          poses.blend(t.alpha);
          for (let i = 0; i < state.count; i++) {
            const at = state.bodies[i]!.translation();
            const current = [...poses.positions.current.subarray(3 * i, 3 * i + 3)];
            expect(current).toEqual([at.x, at.y, at.z]);
            const drawn = [...poses.drawnPositions.subarray(3 * i, 3 * i + 3)];
            const previous = poses.positions.previous.subarray(3 * i, 3 * i + 3);
            for (let k = 0; k < 3; k++) {
              if (jumped.has(i)) expect(drawn[k]).toBe(Math.fround(current[k]!));
              const lo = Math.min(previous[k]!, current[k]!);
              const hi = Math.max(previous[k]!, current[k]!);
              expect(drawn[k]!).toBeGreaterThanOrEqual(Math.fround(lo) - 1e-6);
              expect(drawn[k]!).toBeLessThanOrEqual(Math.fround(hi) + 1e-6);
            }
          }
        }
        state.free();
      }),
      25,
    );
  });
});
