import { ClientState } from '@colyseus/core';
import type { Room } from 'colyseus.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_TICK_RATE, testInput } from '../../server/test-game.js';
import { MSG_INPUT, MSG_SNAPSHOT } from '../../wire/messages.js';
import { Harness, until } from './test-harness.js';

/** Seconds a dropped client keeps its seat in these tests: 30 ticks of the room's time. */
const WAIT = 0.5;

/** Drops the connection the way a network does: no leave message, just a closed socket. */
function drop(room: Room): Promise<number> {
  const left = new Promise<number>((resolve) => room.onLeave(resolve));
  room.connection.close();
  return left;
}

describe('reconnection through Colyseus (real server, real colyseus.js clients, driven time)', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await Harness.start({ reconnectSeconds: WAIT });
  });
  afterAll(() => harness.stop());

  it('gives the same seat and player back to a client that reconnects within the wait, on its new connection', async () => {
    const { room, arena } = await harness.join();
    const seat = arena.seats[0]!;
    room.sendBytes(MSG_INPUT, testInput(arena.driver.tick + 1, [9, 9]));
    await until(() => seat.inputs.newest === arena.driver.tick + 1, 'the input');
    harness.step(arena, 1);
    const moved = [...arena.gameState.positions.subarray(0, 2)];
    await drop(room);
    await until(() => seat.away >= 0, 'the room to see the drop');
    harness.step(arena, WAIT * TEST_TICK_RATE - 5); // away, but within the wait
    expect([arena.driver.present[0], seat.peer.state]).toEqual([1, 'leaving']);
    // Its input let go: the player stopped where the drop left it.
    expect([...arena.gameState.positions.subarray(0, 2)]).toEqual(moved);
    const back = await harness.client().reconnect(room.reconnectionToken);
    let snapshots = 0;
    back.onMessage(MSG_SNAPSHOT, () => snapshots++);
    await until(() => seat.away === -1, 'the seat to be taken again');
    await until(() => seat.client.state === ClientState.JOINED, 'the new join to be acknowledged');
    expect([arena.seats[0], seat.client.sessionId, seat.peer.id]).toEqual([
      seat,
      back.sessionId,
      back.sessionId,
    ]);
    expect(arena.clients).toContain(seat.client);
    harness.step(arena, 3);
    await until(() => snapshots === 1, 'a snapshot on the new connection');
    back.sendBytes(MSG_INPUT, testInput(arena.driver.tick + 1, [-3, 0]));
    await until(() => seat.inputs.newest === arena.driver.tick + 1, 'an input on it');
    await back.leave();
    await until(() => arena.seats[0] === undefined, 'the seat to be freed');
  });

  it('refuses the reconnection once the wait is over, the seat freed', async () => {
    const { room, arena } = await harness.join();
    const slot = arena.seats.findIndex((s) => s?.client.sessionId === room.sessionId);
    await drop(room);
    await until(() => (arena.seats[slot]?.away ?? -1) >= 0, 'the room to see the drop');
    harness.step(arena, WAIT * TEST_TICK_RATE + 1);
    await until(() => arena.seats[slot] === undefined, 'the seat to be freed');
    expect(arena.driver.present[slot]).toBe(0);
    // Colyseus tells the console of a refused token outside production: expected here.
    const told = vi.spyOn(console, 'info').mockImplementation(() => {});
    try {
      await expect(harness.client().reconnect(room.reconnectionToken)).rejects.toThrow(
        'reconnection token invalid or expired',
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
    expect(arena.driver.present[slot]).toBe(0);
  });
});
