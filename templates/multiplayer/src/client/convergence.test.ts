import { describe, expect, it } from 'vitest';
import { bits } from '../shared/test-support';
import { playSession } from './test-session';

describe('convergence (real server, real colyseus.js clients, time driven by the test)', () => {
  it("after inputs stop, every client's predicted world equals the server's at the same tick, bit for bit", async () => {
    const { clients, states, quietFrom } = await playSession({
      players: 3,
      active: 240,
      quiet: 60,
    });
    for (const { client } of clients) {
      const p = client.predictor;
      expect(p.reconciled).toBeGreaterThanOrEqual(quietFrom + 30);
      expect(p.tick).toBeGreaterThan(p.reconciled); // a rewind and replay, not a copy
      expect(bits(p.world)).toEqual(states.get(p.tick));
      // The server's clock within half the best round trip (NTP's bound), through offsets of seconds.
      const truth = -1000 - clients.find((c) => c.client === client)!.offset;
      expect(Math.abs(client.clock.offset - truth)).toBeLessThanOrEqual(
        client.clock.minRtt / 2 + 1e-9,
      );
      expect(client.counts.serverMissed).toBe(0);
    }
    // Others' surprises reached the predictions: they were corrected.
    const corrections = clients.reduce((n, { client }) => n + client.predictor.corrections, 0);
    expect(corrections).toBeGreaterThan(0);
  });
});
