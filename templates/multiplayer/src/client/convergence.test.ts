import { Conditioner } from '@loop/net';
import { describe, expect, it } from 'vitest';
import { playSession } from '../test-support/session';
import { bits } from '../test-support/world';

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

  it('through a conditioner (150 ± 30 ms round trip, 5 % loss, both ways) too, with the delay grown to the jitter', async () => {
    const path = { latency: 75, jitter: 15, loss: 0.05 };
    const conditioners: Conditioner[] = [];
    const renderTimes: number[] = [];
    const { clients, states, quietFrom } = await playSession({
      players: 3,
      active: 300,
      quiet: 60,
      wrap: (link, now, i) => {
        conditioners[i] = new Conditioner(link, { now, seed: i + 1, up: path, down: path });
        return conditioners[i];
      },
      onFrame: ([first]) => renderTimes.push(first!.client.renderTime),
    });
    for (const { client, offset } of clients) {
      const p = client.predictor;
      expect(p.reconciled).toBeGreaterThanOrEqual(quietFrom + 30);
      expect(p.tick).toBeGreaterThan(p.reconciled);
      expect(bits(p.world)).toEqual(states.get(p.tick));
      expect(client.clock.minRtt).toBeGreaterThanOrEqual(120);
      expect(Math.abs(client.clock.offset - (-1000 - offset))).toBeLessThanOrEqual(
        client.clock.minRtt / 2,
      );
      expect(client.delay.jitter).toBeGreaterThan(0);
      expect(client.delay.target).toBeGreaterThan(2 * client.delay.interval);
    }
    for (const c of conditioners) {
      expect(c.up.counts.dropped).toBeGreaterThan(0);
      expect(c.down.counts.dropped).toBeGreaterThan(0);
    }
    const drawn = renderTimes.filter(Number.isFinite);
    expect(drawn.length).toBeGreaterThan(300);
    drawn.forEach((t, i) => {
      if (i > 0) expect(t).toBeGreaterThanOrEqual(drawn[i - 1]!); // never backwards
    });
  });
});
