import { matchMaker } from '@colyseus/core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LIMITS } from '../../server/limits.js';
import { testGame } from '../../server/test-game.js';
import { FixedStepRoom, fixedStepRoom } from './fixed-step-room.js';
import { Harness, ROOM, type TestRoom, until } from './test-harness.js';
import { LOOPBACK, rawJoin } from './test-sockets.js';

/** `{ a: { a: … } }`, `depth` objects deep, parsed from its JSON as a request's body is. */
function nested(depth: number): Record<string, unknown> {
  return JSON.parse(`${'{"a":'.repeat(depth)}{}${'}'.repeat(depth)}`);
}

describe('a room costs nothing until a client is in it (real server, driven time)', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await Harness.start();
  });
  afterEach(() => vi.useRealTimers());
  afterAll(() => harness.stop());

  it('starts its loop at the first join, not when it is made', async () => {
    const { room } = await matchMaker.create(ROOM, {}, LOOPBACK);
    const arena = matchMaker.getLocalRoomById(room.roomId) as TestRoom;
    expect(arena.loop.running).toBe(false);
    const join = await rawJoin(harness, true);
    expect(join.roomId).toBe(room.roomId);
    expect(arena.loop.running).toBe(true);
    join.socket.close();
  });

  it('is disposed when nobody joins within reserveSeconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { room } = await matchMaker.create(ROOM, {}, LOOPBACK);
    const arena = matchMaker.getLocalRoomById(room.roomId) as TestRoom;
    await vi.advanceTimersByTimeAsync(DEFAULT_LIMITS.reserveSeconds * 1000 - 1);
    expect(FixedStepRoom.live.has(arena)).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(FixedStepRoom.live.has(arena)).toBe(false);
    expect(matchMaker.getLocalRoomById(room.roomId)).toBeUndefined();
    expect(arena.stats.ticks).toBe(0);
  });
});

describe('join options, checked before a room exists (real server, real clients)', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await Harness.start();
  });
  afterAll(() => harness.stop());

  /** The refusal of joining with `options` by `method`, and the rooms there are after it. */
  async function refusal(method: 'create' | 'joinOrCreate', options: unknown) {
    const rooms = FixedStepRoom.live.size;
    const error = await harness
      .client()
      [method](ROOM, options as Record<string, unknown>)
      .then(
        () => undefined,
        (e: Error) => e.message,
      );
    return [error, FixedStepRoom.live.size - rooms];
  }

  it("refuses a key it does not take, naming it, and makes no room (a name of Object's own too)", async () => {
    expect(await refusal('create', { hasOwnProperty: 1 })).toEqual([
      'join option "hasOwnProperty" is not one this room takes',
      0,
    ]);
    expect(await refusal('joinOrCreate', { seed: 7 })).toEqual([
      'join option "seed" is not one this room takes',
      0,
    ]);
  });

  it('refuses options nested deep with the same clear reason, and makes no room: 500 deep over HTTP, 5 000 deep from any route', async () => {
    expect(await refusal('create', nested(500))).toEqual([
      'join option "a" is not one this room takes',
      0,
    ]);
    const rooms = FixedStepRoom.live.size;
    await expect(matchMaker.joinOrCreate(ROOM, nested(5000), LOOPBACK)).rejects.toThrow(
      'join option "a" is not one this room takes',
    );
    expect(FixedStepRoom.live.size).toBe(rooms);
  });

  it('refuses options that are not an object', async () => {
    expect(await refusal('create', [1, 2])).toEqual(['join options must be an object', 0]);
  });

  it('takes no options, and empty ones', async () => {
    const room = await harness.client().create(ROOM, {});
    expect(FixedStepRoom.live.size).toBe(1);
    await room.leave();
    await until(() => FixedStepRoom.live.size === 0, 'the room to go');
  });
});

describe("a room's onDispose, whatever state it is in", () => {
  it('disposes a room whose onCreate never ran (Colyseus disposes such a room when its seat expires)', () => {
    const Room = fixedStepRoom(testGame);
    expect(() => new Room().onDispose()).not.toThrow();
  });

  it('checks the game and the settings when the server defines the room, not when a client joins', () => {
    expect(() => fixedStepRoom(testGame, { reconnectSeconds: -1 })).toThrow(
      new RangeError('room reconnectSeconds must be a number from 0 to 600, got -1'),
    );
    expect(() => fixedStepRoom({ ...testGame, maxPlayers: 300 })).toThrow(RangeError);
  });
});
