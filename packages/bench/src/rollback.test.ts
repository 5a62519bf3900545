import { beforeAll, describe, expect, it } from 'vitest';
import { capturePoses, loadDeterministicRapier, measureRollback, pileWorld } from './rollback.js';

// The rollback bench on a tiny world: the figures are there and the rollback lands on the same
// poses every round (it throws otherwise); speed is never asserted.

beforeAll(async () => {
  await loadDeterministicRapier();
});

describe('rollback bench', () => {
  it('measures a few rounds of an 8-tick rollback and its parts', () => {
    const r = measureRollback(6, 3);
    expect(r).toMatchObject({ bodies: 6, rounds: 3 });
    expect(r.snapshotBytes).toBeGreaterThan(1000);
    for (const ms of [r.step, r.restore, r.steps, r.saves]) expect(ms).toBeGreaterThanOrEqual(0);
    expect(r.rollback).toBe(r.restore + r.steps);
    expect(r.session).toBe(r.restore + r.steps + r.saves);
  });

  it('reads every pose as 7 numbers a body, the floor first', () => {
    const state = pileWorld(3);
    const poses = new Float64Array(4 * 7).fill(Number.NaN);
    capturePoses(state, poses);
    expect(Array.from(poses.subarray(0, 7))).toEqual([0, 0, 0, 0, 0, 0, 1]);
    const t = state.bodies[3]!.translation();
    const q = state.bodies[3]!.rotation();
    expect(Array.from(poses.subarray(21))).toEqual([t.x, t.y, t.z, q.x, q.y, q.z, q.w]);
    state.free();
  });
});
