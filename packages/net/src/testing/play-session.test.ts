import { describe, expect, it } from 'vitest';
import { harnessFor } from '../colyseus/room/test-harness.js';
import { Conditioner } from '../link/conditioner.js';
import { NetClient } from '../page/net-client.js';
import { toyClientOptions } from '../page/test-client.js';
import { bits, type ToyWorld, writeToyInput } from '../page/test-game.js';
import { toyGame } from '../server/test-toy-game.js';
import { playSession } from './play-session.js';

/** A session of the toy game over a real Colyseus room, the clients' predictions against it. */
async function toySession(wrap?: Parameters<typeof playSession>[0]['wrap']) {
  const harness = await harnessFor(toyGame);
  try {
    return await playSession({
      harness,
      players: 3,
      active: 180,
      quiet: 60,
      wrap,
      client: (link, now) => new NetClient<ToyWorld>(link, toyClientOptions({ now })),
      steer: (client, slot, _world, random) =>
        writeToyInput(client.input, 0, (random.next() - 0.5) * 254, slot * 40 - 60, slot & 1),
      rest: (client) => writeToyInput(client.input, 0, 0, 0, 0),
      tickOf: (world) => world.tick,
      capture: bits,
    });
  } finally {
    await harness.stop();
  }
}

describe('playSession: a game’s clients against its real room, time driven by the test', () => {
  it('plays until every client reconciled the quiet part; each prediction equals the room’s state bit for bit', async () => {
    const { clients, states, quietFrom } = await toySession();
    expect(clients.map((c) => c.slot)).toEqual([0, 1, 2]);
    for (const { client } of clients) {
      const p = client.predictor;
      expect(p.reconciled).toBeGreaterThanOrEqual(quietFrom + 30);
      expect(p.tick).toBeGreaterThan(p.reconciled); // a rewind and replay, not a copy
      expect(bits(p.world)).toEqual(states.get(p.tick));
      expect(client.counts.serverMissed).toBe(0);
    }
  });

  it('pumps a wrapping link (a conditioner) every tick, at each client’s own clock', async () => {
    const path = { latency: 40, jitter: 10, loss: 0.05 };
    const conditioners: Conditioner[] = [];
    const { clients, states } = await toySession((link, now, i) => {
      conditioners[i] = new Conditioner(link, { now, seed: i + 1, up: path, down: path });
      return conditioners[i];
    });
    for (const { client } of clients) {
      expect(bits(client.predictor.world)).toEqual(states.get(client.predictor.tick));
      expect(client.clock.minRtt).toBeGreaterThanOrEqual(60);
    }
    for (const c of conditioners)
      expect(c.up.counts.dropped + c.down.counts.dropped).toBeGreaterThan(0);
  });
});
