import type { Room } from 'colyseus.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TICK_RATE } from '../shared/arena';
import { type Harness, startHarness, until } from '../test-support/harness';
import { bits } from '../test-support/world';
import { ArenaClient } from './arena-client';

/** Seconds a dropped client keeps its seat in these tests: 30 ticks of the room's time. */
const WAIT = 0.5;

describe("reconnection (real server, real colyseus.js clients, the room's time driven by the test)", () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({ reconnectSeconds: WAIT });
  });
  afterAll(() => harness.stop());

  /** A client playing: each call updates and draws it, then steps the room once. */
  async function player() {
    const joined = await harness.join();
    const client = new ArenaClient(joined.room, { now: () => harness.now });
    const frame = async () => {
      client.update();
      client.draw();
      harness.step(joined.arena, 1);
      await new Promise<void>((resolve) => setImmediate(resolve)); // the sockets' turn
    };
    return { ...joined, client, frame };
  }

  /** Drops the connection the way a network does: no leave message, just a closed socket. */
  function drop(room: Room): Promise<number> {
    const left = new Promise<number>((resolve) => room.onLeave(resolve));
    room.connection.close();
    return left;
  }

  it("keeps a dropped client's seat; the client reconnects to it and converges again, bit for bit", async () => {
    const { room, arena, client, frame } = await player();
    const states = new Map<number, unknown>();
    arena.onStep = (w) => states.set(w.tick, bits(w));
    while (!client.predictor.started) await frame();
    const slot = client.predictor.slot;
    client.setInput(0, -127, 0);
    for (let i = 0; i < 30; i++) await frame();
    client.setInput(0, 0, 0);
    await drop(room);
    await until(() => (arena.seats[slot]?.away ?? -1) >= 0, 'the room to see the drop');
    harness.step(arena, WAIT * TICK_RATE - 5); // away, but within the wait
    expect(arena.world.present[slot]).toBe(1);
    expect(arena.world.inputs[slot * 3 + 1]).toBe(0); // its stick released while away
    const back = await harness.client().reconnect(room.reconnectionToken);
    client.attach(back);
    await until(() => arena.seats[slot]?.away === -1, 'the seat to be taken again');
    const from = arena.world.tick;
    while (client.predictor.reconciled < from + 30) await frame();
    expect(client.predictor.slot).toBe(slot);
    while (arena.world.tick < client.predictor.tick) harness.step(arena, 1);
    expect(bits(client.predictor.world)).toEqual(states.get(client.predictor.tick));
    await back.leave();
  });

  it('frees the seat once the wait is over; the reconnection is refused', async () => {
    const { room, arena, client, frame } = await player();
    while (!client.predictor.started) await frame();
    const slot = client.predictor.slot;
    await drop(room);
    await until(() => (arena.seats[slot]?.away ?? -1) >= 0, 'the room to see the drop');
    harness.step(arena, WAIT * TICK_RATE + 1);
    await until(() => arena.seats[slot] === undefined, 'the seat to be freed');
    expect(arena.world.present[slot]).toBe(0);
    // Colyseus tells the console of a refused token outside production: expected here, so the
    // test takes that line rather than printing it.
    const told = vi.spyOn(console, 'info').mockImplementation(() => {});
    try {
      await expect(harness.client().reconnect(room.reconnectionToken)).rejects.toThrow(
        'reconnection token invalid or expired',
      );
      expect(told).toHaveBeenCalledWith(
        expect.stringContaining('reconnection token invalid or expired'),
      );
    } finally {
      told.mockRestore();
    }
  });

  it('frees the seat at once for a client that leaves on purpose', async () => {
    const { room, arena } = await harness.join();
    const slot = arena.seats.findIndex((s) => s?.client.sessionId === room.sessionId);
    await room.leave(true);
    await until(() => arena.seats[slot] === undefined, 'the seat to be freed');
    expect(arena.world.present[slot]).toBe(0);
  });
});
