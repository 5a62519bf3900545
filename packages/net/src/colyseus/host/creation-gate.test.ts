import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEED } from '../../test-support.js';
import {
  CreationGate,
  type CreationLimits,
  matchmakingClient,
  type ProcessLoad,
  resolveCreationLimits,
  SETTLE_MS,
} from './creation-gate.js';

/**
 * A gate over processes whose reported counts the test sets (as Redis would hold them, stale
 * until the test updates them) and a clock the test moves.
 */
function gateOver(loads: ProcessLoad[], limits: CreationLimits = {}) {
  const clock = { now: 0 };
  const gate = new CreationGate(
    limits,
    async () => loads.map((p) => ({ ...p })),
    () => clock.now,
  );
  return { gate, clock };
}

/** Where `n` rooms made one after another go, as counts per process id. */
async function burst(
  gate: CreationGate,
  n: number,
  client?: string,
): Promise<Record<string, number>> {
  const placed: Record<string, number> = {};
  for (let i = 0; i < n; i++) {
    const id = await (client === undefined
      ? gate.select()
      : matchmakingClient.run(client, () => gate.select()));
    placed[id] = (placed[id] ?? 0) + 1;
  }
  return placed;
}

describe('CreationGate: where rooms go', () => {
  it('spreads a burst over processes whose counts have not caught up (stale for its length)', async () => {
    const { gate } = gateOver([
      { processId: 'a', roomCount: 0 },
      { processId: 'b', roomCount: 0 },
    ]);
    // 25 rooms read the same stale zeros: Colyseus's own choice put all 25 on one process.
    expect(await burst(gate, 25)).toEqual({ a: 13, b: 12 });
  });

  it('fills the emptier process first, then alternates', async () => {
    const { gate } = gateOver([
      { processId: 'a', roomCount: 5 },
      { processId: 'b', roomCount: 2 },
      { processId: 'c', roomCount: 4 },
    ]);
    expect(await burst(gate, 3)).toEqual({ b: 3 }); // b at 2, 3, then 4 (tied with c: the first listed)
    expect(await burst(gate, 3)).toEqual({ c: 1, a: 1, b: 1 }); // c at 4, then all at 5 in turn
  });

  it('trusts a count that caught up, and forgets what it sent after SETTLE_MS', async () => {
    const loads = [
      { processId: 'a', roomCount: 0 },
      { processId: 'b', roomCount: 0 },
    ];
    const { gate, clock } = gateOver(loads);
    expect(await burst(gate, 2)).toEqual({ a: 1, b: 1 });
    loads[0]!.roomCount = 1; // a reported its room: not counted twice
    expect(await burst(gate, 1)).toEqual({ a: 1 }); // a 1 vs b 1 (sent): a first in the list
    clock.now = SETTLE_MS - 1;
    loads[0]!.roomCount = 0; // a's rooms closed: still expected to hold 2 until SETTLE_MS
    expect(await burst(gate, 1)).toEqual({ b: 1 });
    clock.now = SETTLE_MS;
    // b was sent its second room at 0 + …: that too was at time 0, so both are forgotten now.
    expect(await burst(gate, 1)).toEqual({ a: 1 });
  });

  it('refuses with 503 when every process holds maxRoomsPerProcess, or there is none', async () => {
    const { gate } = gateOver(
      [
        { processId: 'a', roomCount: 2 },
        { processId: 'b', roomCount: 1 },
      ],
      { maxRoomsPerProcess: 2 },
    );
    expect(await gate.select()).toBe('b');
    await expect(gate.select()).rejects.toMatchObject({
      code: 503,
      message: 'every process holds 2 rooms (maxRoomsPerProcess): try again later',
    });
    await expect(gateOver([]).gate.select()).rejects.toMatchObject({ code: 503 });
  });

  it('property: a burst onto stale counts fills the emptiest first (water-filling)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat(50), { minLength: 1, maxLength: 6 }),
        fc.nat(200),
        async (counts, n) => {
          const loads = counts.map((roomCount, i) => ({ processId: `p${i}`, roomCount }));
          const placed = await burst(gateOver(loads).gate, n);
          const after = loads.map((p) => p.roomCount + (placed[p.processId] ?? 0));
          const given = after.filter((_, i) => placed[`p${i}`] !== undefined);
          // Every process that was given a room ends at most one above the lowest of all.
          if (given.length > 0)
            expect(Math.max(...given)).toBeLessThanOrEqual(Math.min(...after) + 1);
          expect(after.reduce((a, b) => a + b, 0)).toBe(counts.reduce((a, b) => a + b, 0) + n);
        },
      ),
      { seed: SEED, numRuns: 200 },
    );
  });
});

describe('CreationGate: rooms per client', () => {
  it('counts only rooms made, per client, and opens a new window when the last ended', async () => {
    const { gate, clock } = gateOver([{ processId: 'a', roomCount: 0 }], {
      createsPerClient: 3,
      createWindowSeconds: 5,
    });
    expect(await burst(gate, 3, '10.0.0.1')).toEqual({ a: 3 });
    clock.now = 1200;
    const refused = matchmakingClient.run('10.0.0.1', () => gate.select());
    await expect(refused).rejects.toMatchObject({
      code: 429,
      message: 'this client made 3 rooms in 5 s (createsPerClient): try again in 4 s',
    });
    expect(await burst(gate, 3, '10.0.0.2')).toEqual({ a: 3 }); // another client: its own
    expect(await burst(gate, 5)).toEqual({ a: 5 }); // no client (server code): not counted
    clock.now = 4999;
    await expect(matchmakingClient.run('10.0.0.1', () => gate.select())).rejects.toMatchObject({
      message: expect.stringContaining('try again in 1 s'),
    });
    clock.now = 5000;
    expect(await burst(gate, 3, '10.0.0.1')).toEqual({ a: 3 });
  });

  it('does not count a room refused for want of a process', async () => {
    const loads = [{ processId: 'a', roomCount: 1 }];
    const { gate } = gateOver(loads, { createsPerClient: 1, maxRoomsPerProcess: 1 });
    await expect(matchmakingClient.run('c', () => gate.select())).rejects.toMatchObject({
      code: 503,
    });
    loads[0]!.roomCount = 0;
    expect(await burst(gate, 1, 'c')).toEqual({ a: 1 });
  });

  it('sweeps the clients whose windows ended once it tracks 10 000, keeping the open ones', async () => {
    const { gate, clock } = gateOver([{ processId: 'a', roomCount: 0 }], {
      createWindowSeconds: 1,
      maxRoomsPerProcess: 1e6,
    });
    for (let i = 0; i < 9_999; i++) await burst(gate, 1, `old${i}`);
    clock.now = 500;
    await burst(gate, 1, 'recent');
    expect(gate.clientsTracked).toBe(10_000);
    clock.now = 1000; // the old windows ended; recent's has not
    await burst(gate, 1, 'new');
    expect(gate.clientsTracked).toBe(2);
    await burst(gate, 1, 'another');
    expect(gate.clientsTracked).toBe(3); // under the mark: no sweep
  });
});

describe('resolveCreationLimits', () => {
  it('gives the defaults and the edges each limit takes', () => {
    expect(resolveCreationLimits()).toEqual({
      createsPerClient: 20,
      createWindowSeconds: 60,
      maxRoomsPerProcess: 500,
    });
    expect(
      resolveCreationLimits({
        createsPerClient: 1,
        createWindowSeconds: 86_400,
        maxRoomsPerProcess: 1e6,
      }),
    ).toEqual({ createsPerClient: 1, createWindowSeconds: 86_400, maxRoomsPerProcess: 1e6 });
    expect(() => resolveCreationLimits({ createWindowSeconds: 0 })).toThrow(
      new RangeError('createWindowSeconds must be an integer from 1 to 86400, got 0'),
    );
    expect(() => resolveCreationLimits({ maxRoomsPerProcess: 1e6 + 1 })).toThrow(
      new RangeError('maxRoomsPerProcess must be an integer from 1 to 1000000, got 1000001'),
    );
    expect(() => resolveCreationLimits({ createsPerClient: 1e9 + 1 })).toThrow(
      new RangeError('createsPerClient must be an integer from 1 to 1000000000, got 1000000001'),
    );
  });
});
