import { describe, expect, it } from 'vitest';
import { createLinkPair } from '../link/memory-link.js';
import { NetClient } from '../page/net-client.js';
import { toyClientOptions } from '../page/test-client.js';
import { STRIDE, ToyWorld, writeToyInput } from '../page/test-game.js';
import { serveLink } from './link-peer.js';
import { RoomDriver } from './room-driver.js';
import { toyGame } from './test-toy-game.js';

describe("@loop/net's page side against its room side, over in-memory links (no transport)", () => {
  it("predicts its player exactly as the room steps it: every input in time, the server's state reached bit for bit", () => {
    const t = { now: 1000 };
    const room = new RoomDriver(toyGame, { scheduler: 'manual', now: () => t.now, log: () => {} });
    const states = new Map<number, number[]>();
    room.onStep = (world, tick) => states.set(tick, [...world.state]);
    const [page, server] = createLinkPair();
    const served = serveLink(room, server, 'page')!;
    const offset = 12_345.5; // the page's clock, far from the server's
    const client = new NetClient(page, toyClientOptions({ now: () => t.now + offset }));
    for (let f = 0; f < 6 * 60; f++) {
      const active = f < 4 * 60;
      writeToyInput(client.input, 0, active ? ((f >> 4) % 3) * 60 - 60 : 0, active ? 40 : 0, f & 1);
      client.update();
      room.loop.frame(t.now);
      client.draw();
      t.now = 1000 + ((f + 1) * 1000) / 60;
    }
    const tick = client.predictor.tick;
    expect(room.tick).toBeGreaterThan(5 * 60);
    expect(tick).toBeGreaterThan(room.tick); // ahead: each input reaches the room before its tick
    expect(served.seat.inputs.newest).toBe(tick);
    // The room, stepped on to the tick the page predicted: the same world, bit for bit.
    const predicted = [...client.predictor.world.state];
    for (let f = 6 * 60; room.tick < tick; f++) {
      t.now = 1000 + ((f + 1) * 1000) / 60;
      room.loop.frame(t.now);
    }
    expect(states.get(tick)).toEqual(predicted);
    expect(client.ack).toBeGreaterThan(0);
    // The player's own body: moved by its inputs, and where the room put it.
    const at = 0 * STRIDE;
    expect(client.latest.state[at]).toBe(states.get(client.latest.tick)![at]);
    expect(client.latest.state[at + 1]).toBe(states.get(client.latest.tick)![at + 1]);
    expect(client.latest.state[at + 1]).not.toBe(new ToyWorld().state[at + 1]);
    expect(client.counts.serverMissed).toBe(0);
  });
});
