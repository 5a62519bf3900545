import { describe, expect, it } from 'vitest';
import { createLinkPair } from '../link/memory-link.js';
import { RollbackSession } from './session.js';
import { createDotsGame } from './test-game.js';
import { Mesh } from './test-mesh.js';

/** Every peer's recording holds the same checksums over the ticks all hold. */
function agreeing(mesh: Mesh): number {
  const recordings = mesh.sessions.map((s) => s.recording()!);
  const n = Math.min(...recordings.map((r) => r.length));
  for (const r of recordings)
    expect(Array.from(r.hashes.subarray(0, n))).toEqual(
      Array.from(recordings[0]!.hashes.subarray(0, n)),
    );
  return n;
}

describe('RollbackSession: input delay from the round trip', () => {
  it('measures the round trip over the link and delays inputs by the one-way trip in ticks', () => {
    const mesh = new Mesh({ players: 2, seed: 1, path: { latency: 50 } });
    mesh.run(2000);
    const [a, b] = mesh.sessions;
    // 50 ms each way, exactly: every packet echoes the other's send time and says how long it held it.
    expect(a!.rtt(1)).toBe(100);
    expect(b!.rtt(0)).toBe(100);
    expect(Number.isNaN(a!.rtt(0))).toBe(true);
    // 50 ms one way is 3 ticks at 60 Hz: inputs sent 3 ticks ahead arrive in time, nothing is predicted wrong.
    expect(a!.delay).toBe(3);
    expect(b!.delay).toBe(3);
    expect(a!.counts.rollbacks).toBe(0);
    expect(a!.state).toBe('running');
  });

  it('keeps to minDelay on a fast path and to maxDelay on a slow one, predicting the rest', () => {
    const fast = new Mesh({ players: 2, seed: 1 });
    fast.run(1000);
    expect(fast.sessions[0]!.rtt(1)).toBe(4); // two mesh steps of 2 ms
    expect(fast.sessions[0]!.delay).toBe(1);
    const slow = new Mesh({ players: 2, seed: 1, path: { latency: 150 } });
    slow.run(2000);
    expect(slow.sessions[0]!.rtt(1)).toBe(300);
    expect(slow.sessions[0]!.delay).toBe(4);
    // 9 ticks one way, 4 of delay: inputs come 5 ticks late, so some predictions are wrong.
    expect(slow.sessions[0]!.counts.rollbacks).toBeGreaterThan(0);
    expect(slow.sessions[0]!.counts.resimulated).toBeGreaterThanOrEqual(
      5 * slow.sessions[0]!.counts.rollbacks,
    );
    const fixed = new Mesh({
      players: 2,
      seed: 1,
      path: { latency: 150 },
      session: { minDelay: 2, maxDelay: 2 },
    });
    fixed.run(2000);
    expect(fixed.sessions.map((s) => s.delay)).toEqual([2, 2]);
  });

  it('counts rollbacks and the ticks stepped again, and ends equal', () => {
    const mesh = new Mesh({ players: 3, seed: 2, path: { latency: 50 }, session: { maxDelay: 1 } });
    mesh.run(3000);
    mesh.inputsUntil = Math.max(...mesh.sessions.map((s) => s.frame));
    mesh.run(1000);
    for (const s of mesh.sessions) {
      expect(s.delay).toBe(1);
      // Inputs come 2 ticks after their tick (3 one way, 1 of delay): each wrong guess goes back 2 or more.
      expect(s.counts.rollbacks).toBeGreaterThan(10);
      expect(s.counts.resimulated).toBeGreaterThanOrEqual(2 * s.counts.rollbacks);
      expect(s.desync).toBeNull();
    }
    expect(agreeing(mesh)).toBeGreaterThan(150);
  });
});

describe('RollbackSession: the prediction limit and frame advantage', () => {
  it('predicts at most maxPrediction ticks past the inputs it holds, then waits', () => {
    const mesh = new Mesh({ players: 2, seed: 1 });
    mesh.run(1000);
    const a = mesh.sessions[0]!;
    expect(a.predicted).toBe(0);
    const waited = a.counts.waited;
    mesh.stalledUntil[1] = Number.POSITIVE_INFINITY;
    mesh.run(1000);
    const held = a.simulation.inputs[1]!.received;
    expect(a.frame).toBe(held + 8);
    expect(a.predicted).toBe(8);
    expect(a.counts.waited - waited).toBeGreaterThan(45);
  });

  it('with maxPrediction 0 it is lockstep: never a predicted tick, never a rollback', () => {
    const mesh = new Mesh({
      players: 2,
      seed: 1,
      path: { latency: 40, jitter: 20 },
      session: { maxPrediction: 0 },
    });
    for (let i = 0; i < 100; i++) {
      mesh.run(20);
      for (const s of mesh.sessions) expect(s.predicted).toBe(0);
    }
    for (const s of mesh.sessions) {
      expect(s.frame).toBeGreaterThan(50);
      expect(s.counts.rollbacks).toBe(0);
      expect(s.counts.resimulated).toBe(0);
    }
  });

  it('a peer ahead skips a tick now and then, so it never stalls at the prediction limit', () => {
    // Peer 1's clock is 4 % slow: left alone, peer 0 would run 24 ticks ahead in 10 s.
    const mesh = new Mesh({ players: 2, seed: 1, rates: [1, 1.04], path: { latency: 30 } });
    mesh.run(10_000);
    const [fast, slow] = mesh.sessions;
    expect(fast!.counts.skipped).toBeGreaterThan(15);
    expect(fast!.counts.waited).toBe(0);
    expect(slow!.counts.skipped).toBe(0);
    expect(slow!.counts.waited).toBe(0);
    expect(Math.abs(fast!.frame - slow!.frame)).toBeLessThanOrEqual(2);
  });

  it('a peer that stalled catches up, stepping twice in an update', () => {
    const mesh = new Mesh({ players: 3, seed: 4, path: { latency: 20 } });
    mesh.run(1000);
    mesh.stalledUntil[2] = mesh.now + 1000;
    mesh.run(3000);
    const [a, b, c] = mesh.sessions;
    expect(c!.counts.caughtUp).toBeGreaterThan(3);
    expect(a!.counts.waited).toBeGreaterThan(45); // the others waited at their prediction limit
    expect(Math.abs(c!.frame - a!.frame)).toBeLessThanOrEqual(2);
    expect(Math.abs(b!.frame - a!.frame)).toBeLessThanOrEqual(2);
    expect(c!.status(0)).toBe('playing');
  });
});

describe('RollbackSession: options', () => {
  const [link] = createLinkPair();
  const game = createDotsGame(2);
  const base = { game, players: 2, local: 0, links: [null, link] };
  const cases: [Record<string, unknown>, string][] = [
    [{ players: 1, links: [null] }, 'players must be an integer from 2 to 8, got 1'],
    [{ players: 9 }, 'players must be an integer from 2 to 8, got 9'],
    [{ local: 2 }, 'local must be an integer from 0 to 1, got 2'],
    [{ links: [null] }, 'links must be an array of 2 (one per player), got 1'],
    [{ links: [link, link] }, "links[0] is the local player's: give null"],
    [{ links: [null, {}] }, 'links[1] must be a Link (sendBytes, onMessage), got [object Object]'],
    [{ maxPrediction: -1 }, 'maxPrediction must be an integer from 0 to 64, got -1'],
    [{ maxPrediction: 1.5 }, 'maxPrediction must be an integer from 0 to 64, got 1.5'],
    [{ minDelay: 40 }, 'minDelay must be an integer from 0 to 32, got 40'],
    [{ minDelay: 3, maxDelay: 2 }, 'maxDelay must be an integer from 3 to 32, got 2'],
    [{ redundancy: 0 }, 'redundancy must be an integer from 1 to 64, got 0'],
    [{ disconnectTimeout: 0 }, 'disconnectTimeout must be a finite number of ms above 0, got 0'],
    [
      { disconnectTimeout: Number.POSITIVE_INFINITY },
      'disconnectTimeout must be a finite number of ms above 0, got Infinity',
    ],
    [{ timestep: Number.NaN }, 'timestep must be a finite number of ms above 0, got NaN'],
    [{ checksumInterval: 0 }, 'checksumInterval must be an integer from 1 to 600, got 0'],
    [{ checkDistance: 25 }, 'checkDistance must be an integer from 1 to 24, got 25'],
    [{ spectators: [{}] }, 'spectators must be an array of Links, got [object Object]'],
    [{ game: { ...game, inputWords: 65 } }, 'inputWords must be an integer from 1 to 64, got 65'],
    [
      { game: { ...game, parts: [] } },
      'game.parts is empty: a typed-array game is its parts (or give save/load)',
    ],
    [
      { game: { ...game, save: () => new Uint8Array(1) } },
      'game.save and game.load go together: give both or neither',
    ],
  ];
  for (const [change, message] of cases) {
    it(`refuses: ${message}`, () => {
      expect(() => new RollbackSession({ ...base, ...change } as never)).toThrow(
        new RangeError(message),
      );
    });
  }

  it('takes every option in range, and links dropping nothing', () => {
    const session = new RollbackSession({
      ...base,
      maxPrediction: 0,
      minDelay: 0,
      maxDelay: 0,
      checkDistance: 16,
    });
    expect(session.state).toBe('syncing');
    expect(session.frame).toBe(0);
    expect(session.input).toHaveLength(3);
  });
});
