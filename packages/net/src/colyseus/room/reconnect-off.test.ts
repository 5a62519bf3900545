import type { Room } from 'colyseus.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_REFUSALS } from '../../server/test-driver.js';
import { testInput } from '../../server/test-game.js';
import { MSG_INPUT } from '../../wire/messages.js';
import { Harness, type TestRoom, until } from './test-harness.js';

describe('a room with reconnectSeconds 0 (real server, real clients, driven time)', () => {
  let harness: Harness;
  let arena: TestRoom;
  let first: Room;

  beforeAll(async () => {
    harness = await Harness.start({ reconnectSeconds: 0 });
    ({ room: first, arena } = await harness.join());
  });
  afterAll(() => harness.stop());

  it('counts no refusal for an accepted input: the reasons are the seven it knows, all 0', async () => {
    const t = arena.driver.tick;
    first.sendBytes(MSG_INPUT, testInput(t + 1, [5, 5]));
    await until(() => arena.seats[0]?.inputs.newest === t + 1, 'the input');
    expect(arena.refused).toStrictEqual(NO_REFUSALS);
  });

  it('frees the seat of a dropped client at once, without a step', async () => {
    const { room } = await harness.join();
    const slot = arena.seats.findIndex((seat) => seat?.client.sessionId === room.sessionId);
    expect(slot).toBe(1);
    room.connection.close(); // a network drop: no leave message
    await until(() => arena.seats[slot] === undefined, 'the seat to free');
    expect(arena.driver.present[slot]).toBe(0);
  });
});
