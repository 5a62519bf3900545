import type { Room } from 'colyseus.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLOSE_ERROR, CLOSE_JOIN_TIMEOUT } from '../../server/close-reason.js';
import { DEFAULT_LIMITS } from '../../server/limits.js';
import { TEST_TICK_RATE as TICK_RATE } from '../../server/test-game.js';
import { CLOSE_MALFORMED, MAX_STRIKES, MSG_SNAPSHOT } from '../../wire/messages.js';
import { Harness, type TestRoom, until } from './test-harness.js';
import { closed, drained, rawJoin } from './test-sockets.js';

/** Lets the event loop run (messages, promise callbacks) without stepping the room. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 20));

/** A frame of Colyseus's ROOM_DATA_BYTES (17) under a type the arena does not take. */
const UNKNOWN = new Uint8Array([17, 99]);

describe('clients no page would be (real server, raw sockets, driven time)', () => {
  let harness: Harness;
  let arena: TestRoom;
  let honest: Room;
  let snapshots = 0;
  const lines: string[] = [];

  beforeAll(async () => {
    harness = await Harness.start({ log: (line) => lines.push(line) });
    ({ room: honest, arena } = await harness.join());
    honest.onMessage(MSG_SNAPSHOT, () => snapshots++);
  });
  afterAll(() => harness.stop());

  const seatOf = (sessionId: string) =>
    arena.seats.find((seat) => seat?.client.sessionId === sessionId);

  it("takes a message typed with Colyseus's own fallback name as one unknown message: its sender stays, the room goes on", async () => {
    const { room } = await harness.join();
    const unknown = arena.refused.unknown;
    room.send('__no_message_handler', 'x'.repeat(100)); // once enough to end the process
    await until(() => arena.refused.unknown === unknown + 1, 'the message to be refused');
    const before = snapshots;
    harness.step(arena, 30);
    await until(() => snapshots === before + 10, 'the snapshots of 30 ticks');
    expect([room.connection.isOpen, seatOf(room.sessionId)?.strikes]).toEqual([true, 1]);
    await room.leave();
  });

  it('sends a client that never acknowledges its join nothing, and cuts it after joinSeconds of the room', async () => {
    const join = await rawJoin(harness, false);
    const seat = seatOf(join.sessionId)!;
    const queued = seat.client as unknown as { _enqueuedMessages?: unknown[] };
    const cut = closed(join.socket);
    const ticks = DEFAULT_LIMITS.joinSeconds * TICK_RATE;
    harness.step(arena, ticks);
    await settle();
    expect(queued._enqueuedMessages ?? []).toEqual([]); // not one snapshot queued for it
    expect([join.socket.readyState, seat.kicked]).toEqual([1, false]);
    harness.step(arena, 1);
    expect(await cut).toEqual([CLOSE_JOIN_TIMEOUT, 'join not acknowledged']);
    await until(() => seatOf(join.sessionId) === undefined, 'its seat to free');
  });

  it('leaves a client that acknowledged its join in its seat past joinSeconds', async () => {
    const join = await rawJoin(harness, true);
    harness.step(arena, DEFAULT_LIMITS.joinSeconds * TICK_RATE + 10);
    await settle();
    expect([join.socket.readyState, seatOf(join.sessionId)?.kicked]).toEqual([1, false]);
    join.socket.close(4000); // a leave it means (consented): the seat frees at once
    await until(() => seatOf(join.sessionId) === undefined, 'its seat to free');
  });

  it('reads nothing more from a kicked client that ignores its close frame, and terminates it after kickGraceSeconds', async () => {
    const join = await rawJoin(harness, true);
    join.socket.close = () => {}; // never answers the server's close frame
    const seat = seatOf(join.sessionId)!;
    for (let i = 0; i < MAX_STRIKES; i++) join.socket.send(UNKNOWN);
    await until(() => seat.kicked, 'the kick');
    const refused = { ...arena.refused };
    const strikes = seat.strikes;
    for (let i = 0; i < 2000; i++) join.socket.send(UNKNOWN);
    await drained(join);
    expect([arena.refused, seat.strikes]).toEqual([refused, strikes]);
    const cut = closed(join.socket);
    harness.step(arena, DEFAULT_LIMITS.kickGraceSeconds * TICK_RATE);
    await settle();
    expect(join.server._socket?.destroyed).toBe(false);
    harness.step(arena, 1);
    await cut; // its socket ended by the server, which never had an answer to its close frame
    expect(join.server._socket?.destroyed).toBe(true);
    await until(() => seatOf(join.sessionId) === undefined, 'its seat to free');
    // A line for each refusal before the kick and one for the kick; none for what came after.
    const its = lines.filter((line) => line.includes(join.sessionId));
    expect(its).toHaveLength(MAX_STRIKES);
    expect(its.at(-1)).toBe(`kicked ${join.sessionId} (${CLOSE_MALFORMED}): malformed messages`);
  });

  it("cuts the sender of a message the room's own handling throws on, with 4500, and goes on", async () => {
    const { room } = await harness.join();
    arena.onMessage(99, () => {
      throw new Error('a bug of the game');
    });
    (arena as unknown as { messageTypes: number[] }).messageTypes.push(99);
    const left = new Promise<[number, string]>((resolve) =>
      room.onLeave((code: number, reason?: string) => resolve([code, reason ?? ''])),
    );
    room.sendBytes(99, new Uint8Array(1));
    expect(await left).toEqual([CLOSE_ERROR, 'server error']);
    expect(lines).toContain(`failed on a message from ${room.sessionId}: Error: a bug of the game`);
    (arena as unknown as { messageTypes: number[] }).messageTypes.pop();
    const before = snapshots;
    harness.step(arena, 3);
    await until(() => snapshots === before + 1, 'the next snapshot');
  });

  it('writes no stack trace for an undecodable message: the sender is refused and counted', async () => {
    const { room } = await harness.join();
    const errors = vi.spyOn(console, 'error');
    const malformed = arena.refused.malformed;
    // ROOM_DATA (13) under the input's type with a string cut short: undecodable.
    room.connection.send(new Uint8Array([13, 1, 0xd9, 50, 0x61]));
    await until(() => arena.refused.malformed === malformed + 1, 'the refusal');
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(room.connection.isOpen).toBe(true);
    await room.leave();
  });
});

describe("the room's log of misbehaving clients, rate-limited", () => {
  let harness: Harness;
  const lines: string[] = [];
  beforeAll(async () => {
    harness = await Harness.start({
      log: (line) => lines.push(line),
      limits: { logBurst: 3, logPerSecond: 1 },
    });
  });
  afterAll(() => harness.stop());

  it('writes a burst of lines, then one a second of the room, saying how many it left out', async () => {
    const { room, arena } = await harness.join();
    for (let i = 0; i < MAX_STRIKES - 1; i++) room.sendBytes(99, new Uint8Array(1));
    await until(() => arena.refused.unknown === MAX_STRIKES - 1, 'the refusals');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(new RegExp(`^refused an unknown message from ${room.sessionId}$`));
    harness.step(arena, TICK_RATE); // a second of the room's clock: one line more
    const left = new Promise<number>((resolve) => room.onLeave(resolve));
    room.sendBytes(99, new Uint8Array(1));
    expect(await left).toBe(CLOSE_MALFORMED);
    expect(lines.slice(3)).toEqual([
      `kicked ${room.sessionId} (${CLOSE_MALFORMED}): malformed messages (and ${MAX_STRIKES - 4} lines left out before it)`,
    ]);
  });
});
