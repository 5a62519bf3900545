import { describe, expect, it } from 'vitest';
import { DesyncError, type DesyncReport, describeDesync } from './desync.js';
import { createDotsGame, createOpaqueDots } from './test-game.js';
import { Mesh } from './test-mesh.js';

describe('desync detection between peers', () => {
  it('names the first desynced tick and the part, on both peers, from confirmed checksums only', () => {
    const reports: DesyncReport[][] = [[], []];
    const mesh = new Mesh({
      players: 2,
      seed: 5,
      path: { latency: 30, jitter: 10, loss: 0.1 },
      game: (p) => createDotsGame(2, p === 1 ? { randomAt: 50 } : {}),
    });
    mesh.run(3000);
    for (let p = 0; p < 2; p++) {
      const d = mesh.sessions[p]!.desync!;
      expect(d).toMatchObject({
        kind: 'peer',
        tick: 51,
        peer: 1 - p,
        part: 'pos',
        index: -1,
        lastMatched: 50,
      });
      expect(d.local).not.toBe(d.remote);
      reports[p]!.push(d);
    }
    expect(describeDesync(reports[0]![0]!)).toContain(
      'desync with player 1 at tick 51 (last equal tick 50)',
    );
    expect(describeDesync(reports[0]![0]!)).toContain('first in part "pos"');
  });

  it('names the game checksum when the parts agree and the rest differs (an opaque game)', () => {
    const broken = () => {
      const game = createOpaqueDots(2);
      const step = game.step;
      return {
        ...game,
        step: (inputs: Int32Array, tick: number, present: number) => {
          step(inputs, tick, present);
          if (tick === 40) game.vel[1] = game.vel[1]! + 1;
        },
      };
    };
    const mesh = new Mesh({
      players: 2,
      seed: 6,
      game: (p) => (p === 1 ? broken() : createOpaqueDots(2)),
    });
    mesh.run(2000);
    expect(mesh.sessions[0]!.desync).toMatchObject({ tick: 41, part: 'checksum', peer: 1 });
  });

  it('with a checksum every 10 ticks, reports the first compared tick that differs and the last equal one', () => {
    const mesh = new Mesh({
      players: 2,
      seed: 5,
      game: (p) => createDotsGame(2, p === 1 ? { randomAt: 50 } : {}),
      session: { checksumInterval: 10 },
    });
    mesh.run(3000);
    expect(mesh.sessions[0]!.desync).toMatchObject({ tick: 60, lastMatched: 50, part: 'pos' });
  });

  it('raises no false alarm however many predictions were wrong', () => {
    const mesh = new Mesh({
      players: 4,
      seed: 3,
      path: { latency: 100, jitter: 50, loss: 0.25, reorder: 0.2 },
    });
    mesh.run(6000);
    for (const s of mesh.sessions) {
      expect(s.counts.rollbacks).toBeGreaterThan(50);
      expect(s.counts.compared).toBeGreaterThan(3 * 200);
      expect(s.counts.desyncs).toBe(0);
    }
  });

  it('throws a DesyncError from update when no onDesync was given', () => {
    const mesh = new Mesh({
      players: 2,
      seed: 5,
      game: (p) => createDotsGame(2, p === 1 ? { randomAt: 20 } : {}),
      session: { onDesync: undefined },
    });
    let thrown = 0;
    for (let i = 0; i < 20; i++) {
      try {
        mesh.run(100);
      } catch (error) {
        expect(error).toBeInstanceOf(DesyncError);
        expect((error as DesyncError).report.tick).toBe(21);
        thrown++;
      }
    }
    // Each peer found it, and told it once.
    expect(thrown).toBe(2);
  });
});

describe('syncTest in a peer-to-peer session', () => {
  it('steps every tick again and names the tick, part and index of a Math.random()', () => {
    const mesh = new Mesh({
      players: 2,
      seed: 5,
      path: { latency: 30 },
      game: (p) => createDotsGame(2, p === 0 ? { randomAt: 50 } : {}),
      session: { syncTest: true, checkDistance: 3 },
    });
    mesh.run(2000);
    expect(mesh.sessions[0]!.desync).toMatchObject({
      kind: 'sync-test',
      tick: 50,
      part: 'pos',
      index: 0,
      peer: -1,
    });
    expect(mesh.sessions[1]!.desync?.kind).not.toBe('sync-test');
  });
});
