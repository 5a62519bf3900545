import type { Room } from 'colyseus.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_INPUT_BYTES as INPUT_BYTES,
  TEST_SEATS as MAX_PLAYERS,
  testGame,
  testInput,
} from '../../server/test-game.js';
import {
  CLOSE_MALFORMED,
  CLOSE_OVERSIZE,
  MAX_STRIKES,
  MSG_INPUT,
  MSG_PING,
  MSG_SNAPSHOT,
} from '../../wire/messages.js';
import type { SnapshotHeader } from '../../wire/snapshot-frame.js';
import { Harness, type TestRoom, until } from './test-harness.js';

const { maxInputMessageBytes: MAX_INPUT_MESSAGE_BYTES, maxTicksAhead: MAX_TICKS_AHEAD } =
  testGame.wire;

function inputOf(arena: TestRoom, slot: number): number[] {
  return [...arena.driver.inputs.subarray(slot * INPUT_BYTES, slot * INPUT_BYTES + INPUT_BYTES)];
}

function leaveCode(room: Room): Promise<number> {
  return new Promise((resolve) => room.onLeave((code) => resolve(code)));
}

describe('a fixed-step room under bad input (real server, real clients, time driven by the test)', () => {
  let harness: Harness;
  let arena: TestRoom;
  let honest: Room;

  beforeAll(async () => {
    harness = await Harness.start();
    ({ room: honest, arena } = await harness.join());
  });
  afterAll(() => harness.stop());

  it('applies a well-formed input at its tick, acknowledged in the next snapshot', async () => {
    const frame = testGame.wire.createSnapshotFrame();
    const header: SnapshotHeader = { tick: 0, ack: 0, missed: 0, slot: 0 };
    let snapshots = 0;
    honest.onMessage(MSG_SNAPSHOT, (bytes: Uint8Array) => {
      if (frame.read(bytes, header)) snapshots++;
    });
    const t = arena.driver.tick;
    honest.sendBytes(MSG_INPUT, testInput(t + 2, [90, -20], [10, 10]));
    await until(() => arena.seats[0]!.inputs.newest === t + 2, 'the input to arrive');
    harness.step(arena, 1);
    expect(inputOf(arena, 0)).toEqual([10, 10]);
    harness.step(arena, 1);
    expect(inputOf(arena, 0)).toEqual([90, -20]);
    harness.step(arena, 3); // a 20 Hz snapshot goes out every third tick
    await until(() => snapshots > 0, 'a snapshot');
    expect(header).toMatchObject({ ack: t + 2, slot: 0 });
    expect(header.tick).toBeGreaterThan(t + 2);
  });

  it("clamps out-of-range values through the game's wire: the test game's ±100", async () => {
    const t = arena.driver.tick;
    honest.sendBytes(MSG_INPUT, testInput(t + 1, [-128, 127]));
    await until(() => arena.seats[0]!.inputs.newest === t + 1, 'the input to arrive');
    harness.step(arena, 1);
    expect(inputOf(arena, 0)).toEqual([-100, 100]);
  });

  it('ignores inputs for ticks already stepped, and inputs more than 2 s ahead, counting both', async () => {
    const before = inputOf(arena, 0);
    const { late, early } = arena.refused;
    const t = arena.driver.tick;
    honest.sendBytes(MSG_INPUT, testInput(t, [50, 50]));
    honest.sendBytes(MSG_INPUT, testInput(t + MAX_TICKS_AHEAD + 1, [60, 60]));
    honest.sendBytes(MSG_INPUT, testInput(0xffffffff, [70, 70]));
    await until(() => arena.refused.early === early + 2, 'the early ones');
    expect(arena.refused.late).toBe(late + 1);
    harness.step(arena, 2);
    expect(inputOf(arena, 0)).toEqual(before); // the previous input held: a miss
    expect(honest.connection.isOpen).toBe(true);
  });

  it(`disconnects a client with ${CLOSE_MALFORMED} at its ${MAX_STRIKES}th malformed message, not before`, async () => {
    const { room } = await harness.join();
    const closed = leaveCode(room);
    const malformed = arena.refused.malformed;
    const unknown = arena.refused.unknown;
    room.sendBytes(MSG_INPUT, new Uint8Array(3)); // shorter than a header
    room.sendBytes(MSG_INPUT, testInput(arena.driver.tick + 1, [1, 1]).subarray(0, 6)); // cut short
    room.send(MSG_INPUT, { x: 1, y: 2 }); // a msgpack object where bytes belong
    room.sendBytes(MSG_PING, new Uint8Array(3)); // a ping of the wrong size
    room.send('teleport', { x: 0 }); // a type the room does not know
    for (let i = 0; i < MAX_STRIKES - 6; i++) room.sendBytes(99, new Uint8Array(1));
    await until(() => arena.refused.unknown === unknown + MAX_STRIKES - 5, 'the strikes');
    expect(arena.refused.malformed).toBe(malformed + 4);
    harness.step(arena, 1);
    expect(room.connection.isOpen).toBe(true); // nine strikes: still in
    room.sendBytes(99, new Uint8Array(1));
    expect(await closed).toBe(CLOSE_MALFORMED);
  });

  it(`disconnects at once with ${CLOSE_OVERSIZE} a client that sends an oversize input message`, async () => {
    const { room } = await harness.join();
    const closed = leaveCode(room);
    room.sendBytes(MSG_INPUT, new Uint8Array(MAX_INPUT_MESSAGE_BYTES + 1));
    expect(await closed).toBe(CLOSE_OVERSIZE);
  });

  it('keeps stepping through all of it, and frees the seats of the clients it dropped', async () => {
    const t = arena.driver.tick;
    harness.step(arena, 10);
    expect(arena.driver.tick).toBe(t + 10);
    await until(() => arena.seats.filter(Boolean).length === 1, 'the dropped seats to free');
    expect([...arena.driver.present]).toEqual([1, ...new Array(MAX_PLAYERS - 1).fill(0)]);
    expect(arena.seats[0]!.missed).toBeGreaterThan(0);
  });
});
