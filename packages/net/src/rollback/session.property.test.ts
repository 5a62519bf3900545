import type { Recording } from '@loop/core/replay';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEED } from '../test-support.js';
import { Mesh } from './test-mesh.js';

/**
 * The session's promise under a hostile network: 2 to 8 peers over conditioned memory links
 * (100 ms one way, ± 50 ms jitter, 25 % loss, reordering, each peer's clock a little off),
 * one peer stalled for a second, one that leaves (silent past the timeout, dropped by all) and
 * rejoins with a new session; when the inputs stop, every peer has confirmed past them and every
 * peer's checksum equals every other's at every confirmed tick they share, the rows of inputs
 * too. Time is the mesh's, driven here. A failing case replays with its seed (`SEED`, from
 * test-support.ts, and the case fast-check prints); `ROLLBACK_RUNS=50` runs a longer search.
 */
const RUNS = Number(process.env.ROLLBACK_RUNS ?? 4);

/** The first and last tick of a recording (its rows hold their tick first). */
function span(r: Recording): [number, number] {
  return [r.data[r.offsets[0]! + 1]!, r.data[r.offsets[r.length - 1]! + 1]!];
}

/**
 * Two recordings hold the same checksum and the same inputs at every tick both hold; returns
 * how many (every tick of the overlap of their spans: recordings have no gaps).
 */
function agree(a: Recording, b: Recording): number {
  const [firstA, lastA] = span(a);
  const [firstB, lastB] = span(b);
  const from = Math.max(firstA, firstB);
  const to = Math.min(lastA, lastB);
  for (let t = from; t <= to; t++) {
    const i = t - firstA;
    const j = t - firstB;
    expect(b.data[b.offsets[j]! + 1]).toBe(t);
    expect(b.hashes[j]).toBe(a.hashes[i]);
    expect(b.data.subarray(b.offsets[j]!, b.offsets[j + 1]!)).toEqual(
      a.data.subarray(a.offsets[i]!, a.offsets[i + 1]!),
    );
  }
  return Math.max(0, to - from + 1);
}

const scenario = fc.record({
  players: fc.integer({ min: 2, max: 8 }),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  reorder: fc.double({ min: 0, max: 0.3, noNaN: true }),
  rates: fc.array(fc.double({ min: 0.985, max: 1.015, noNaN: true }), {
    minLength: 8,
    maxLength: 8,
  }),
  stall: fc.nat(7),
  leave: fc.nat(7),
  stallAt: fc.integer({ min: 600, max: 2500 }),
  leaveAfter: fc.integer({ min: 300, max: 1500 }),
});

describe('RollbackSession, hostile networks (property)', () => {
  it(
    'every peer agrees on every confirmed tick after a stall, a leave and a rejoin',
    () => {
      fc.assert(
        fc.property(scenario, (c) => {
          const mesh = new Mesh({
            players: c.players,
            seed: c.seed,
            path: { latency: 100, jitter: 50, loss: 0.25, reorder: c.reorder },
            rates: c.rates,
          });
          const stalled = c.stall % c.players;
          const leaver = c.leave % c.players;
          mesh.run(c.stallAt, 4);
          mesh.stalledUntil[stalled] = mesh.now + 1000;
          mesh.run(1000 + c.leaveAfter, 4);
          mesh.stalledUntil[leaver] = mesh.now + 3000;
          mesh.run(3000, 4);
          mesh.rejoin(leaver);
          mesh.run(2500, 4);
          mesh.inputsUntil = Math.max(...mesh.sessions.map((s) => s.frame));
          mesh.run(3000, 4);
          for (const s of mesh.sessions) {
            expect(s.state).toBe('running');
            expect(s.desync).toBeNull();
            expect(s.confirmed).toBeGreaterThan(mesh.inputsUntil);
            for (let p = 0; p < c.players; p++) expect(['local', 'playing']).toContain(s.status(p));
          }
          const recordings = mesh.sessions.map((s) => s.recording()!);
          for (let i = 0; i < c.players; i++) {
            for (let j = i + 1; j < c.players; j++) {
              // The rejoined peer's recording starts at its rejoin; the others hold the whole match.
              expect(agree(recordings[i]!, recordings[j]!)).toBeGreaterThan(
                i === leaver || j === leaver ? 60 : 300,
              );
            }
          }
        }),
        { seed: SEED, numRuns: RUNS },
      );
    },
    30_000 + RUNS * 5_000,
  );
});
