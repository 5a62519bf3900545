import type { Client as ServerClient } from '@colyseus/core';
import { Recording } from '@loop/core/replay';
import type { Room } from 'colyseus.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLOOD_LIMIT, MESSAGE_BURST } from '../../server/guards.js';
import { replaySession } from '../../server/session-recorder.js';
import {
  TEST_INPUT_BYTES as INPUT_BYTES,
  type TestState,
  TEST_TICK_RATE as TICK_RATE,
  testGame,
  testInput,
} from '../../server/test-game.js';
import {
  CLOSE_FLOOD,
  CLOSE_MALFORMED,
  CLOSE_OVERSIZE,
  MAX_STRIKES,
  MSG_INPUT,
  MSG_PING,
  MSG_PONG,
  PING_BYTES,
} from '../../wire/messages.js';
import { Harness, type TestRoom, until } from './test-harness.js';

const TIMESTEP_MS = testGame.wire.timestepMs;
const SNAPSHOT_BYTES = testGame.wire.snapshotBytes;
const MAX_INPUT_MESSAGE_BYTES = testGame.wire.maxInputMessageBytes;
/** The state's numbers, to compare bit for bit. */
const bits = (state: TestState) => [...state.positions, ...state.present];

const inputOf = (arena: TestRoom, slot: number) => [
  ...arena.driver.inputs.subarray(slot * INPUT_BYTES, slot * INPUT_BYTES + INPUT_BYTES),
];

/** How the room let a client go: the close code and the reason it gave. */
function leaving(room: Room): Promise<[number, string | undefined]> {
  return new Promise((resolve) =>
    room.onLeave((code: number, reason?: string) => resolve([code, reason])),
  );
}

/** Lets the event loop run (messages, promise callbacks) without stepping the room. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 20));

describe('a fixed-step room at its edges (real server, real clients, driven time)', () => {
  let harness: Harness;
  let arena: TestRoom;
  let first: Room;

  beforeAll(async () => {
    harness = await Harness.start();
    ({ room: first, arena } = await harness.join());
  });
  afterAll(() => harness.stop());

  const seatOf = (room: Room) =>
    arena.seats.find((seat) => seat?.client.sessionId === room.sessionId)!;

  it('steps a seat past the first with its own input, releases only that one when its connection drops, and holds the seat for exactly reconnectSeconds', async () => {
    const { room: second } = await harness.join();
    const slot = seatOf(second).slot;
    expect(slot).toBe(1);
    const t = arena.driver.tick;
    first.sendBytes(MSG_INPUT, testInput(t + 1, [10, 10]));
    second.sendBytes(MSG_INPUT, testInput(t + 1, [40, -40]));
    await until(() => seatOf(second).inputs.newest === t + 1, 'the inputs');
    await until(() => seatOf(first).inputs.newest === t + 1, 'the inputs');
    harness.step(arena, 1);
    expect([inputOf(arena, 0), inputOf(arena, 1)]).toEqual([
      [10, 10],
      [40, -40],
    ]);

    second.connection.close(); // a network drop: no leave message
    await until(() => (arena.seats[slot]?.away ?? -1) >= 0, 'the room to see the drop');
    expect([inputOf(arena, 0), inputOf(arena, 1)]).toEqual([
      [10, 10],
      [0, 0],
    ]);
    // Snapshots go only to the client still there: one a broadcast (every third tick at 20 Hz).
    const sent = arena.stats.bytesOut;
    harness.step(arena, 3);
    expect(arena.stats.bytesOut - sent).toBe(SNAPSHOT_BYTES);

    const away = arena.seats[slot]!.away;
    harness.step(arena, away + 5 * TICK_RATE - arena.driver.tick); // the last tick of the wait
    await settle();
    expect(arena.seats[slot]?.away).toBe(away);
    harness.step(arena, 1);
    await until(() => arena.seats[slot] === undefined, 'the seat to free after the wait');
  });

  it('ignores a client that holds no seat, and adds no refusal for an accepted input', async () => {
    const refused = { ...arena.refused };
    const nobody = { sessionId: 'nobody' } as unknown as ServerClient;
    arena.receive(nobody, testInput(arena.driver.tick + 1, [5, 5]));
    const t = arena.driver.tick;
    first.sendBytes(MSG_INPUT, testInput(t + 1, [5, 5]));
    await until(() => seatOf(first).inputs.newest === t + 1, 'the input');
    expect(arena.refused).toEqual(refused);
  });

  it('counts late inputs without a strike, and kicks at the tenth malformed message with its reason, not before', async () => {
    const { room } = await harness.join();
    const seat = seatOf(room);
    const late = arena.refused.late;
    for (let i = 0; i < 12; i++) room.sendBytes(MSG_INPUT, testInput(0, [1, 1]));
    await until(() => arena.refused.late === late + 12, 'the late inputs');
    expect([seat.strikes, seat.kicked]).toEqual([0, false]);
    const left = leaving(room);
    for (let i = 0; i < MAX_STRIKES - 1; i++) room.sendBytes(MSG_INPUT, new Uint8Array(3));
    await until(() => seat.strikes === MAX_STRIKES - 1, 'nine strikes');
    expect(seat.kicked).toBe(false);
    room.sendBytes(MSG_INPUT, new Uint8Array(3));
    expect(await left).toEqual([CLOSE_MALFORMED, 'malformed messages']);
  });

  it('makes pings and unknown types pay from the budget; past it every message is ignored and counted, and only the FLOOD_LIMIT-th kicks', async () => {
    const { room } = await harness.join();
    const seat = seatOf(room);
    let pongs = 0;
    room.onMessage(MSG_PONG, () => pongs++);
    const { flood, unknown } = arena.refused;
    for (let i = 0; i < MESSAGE_BURST; i++) room.sendBytes(MSG_PING, new Uint8Array(PING_BYTES));
    room.sendBytes(MSG_INPUT, testInput(arena.driver.tick + 2, [9, 9])); // past the budget
    room.send('teleport', {});
    room.sendBytes(MSG_PING, new Uint8Array(PING_BYTES));
    await until(() => arena.refused.flood === flood + 3, 'three messages past the budget');
    await until(() => pongs === MESSAGE_BURST, 'the pongs');
    expect([seat.inputs.newest, arena.refused.unknown, seat.strikes]).toEqual([-1, unknown, 0]);
    expect(seat.kicked).toBe(false);
    const left = leaving(room);
    for (let i = 3; i < FLOOD_LIMIT; i++) room.send('teleport', {});
    expect(await left).toEqual([CLOSE_FLOOD, 'too many messages']);
    expect(pongs).toBe(MESSAGE_BURST);
  });

  it('frees a kicked seat at once, with no reconnection wait', async () => {
    const { room } = await harness.join();
    const slot = seatOf(room).slot;
    const left = leaving(room);
    room.sendBytes(MSG_INPUT, new Uint8Array(MAX_INPUT_MESSAGE_BYTES + 1));
    expect(await left).toEqual([CLOSE_OVERSIZE, 'input message too large']);
    await until(() => arena.seats[slot] === undefined, 'the seat to free without a step');
  });

  it('spends no more time on its steps than the test spent stepping', () => {
    const { stepMs, ticks } = arena.stats;
    const started = performance.now();
    harness.step(arena, 30);
    const spent = performance.now() - started;
    expect(arena.stats.ticks - ticks).toBe(30);
    expect(arena.stats.stepMs - stepMs).toBeLessThanOrEqual(spent);
    expect(arena.stats.maxStepMs).toBeLessThanOrEqual(arena.stats.stepMs);
  });

  it("answers a ping with the room's time: its ticks, plus the leftover of its last frame", async () => {
    let pong: number[] = [];
    first.onMessage(MSG_PONG, (bytes: Uint8Array) => {
      pong = [...new Float64Array(bytes.slice().buffer)];
    });
    arena.loop.frame(harness.now + 5); // 5 ms into the next step
    const ping = new Float64Array([1234.5]);
    first.sendBytes(MSG_PING, new Uint8Array(ping.buffer));
    await until(() => pong.length > 0, 'the pong');
    expect(pong[0]).toBe(1234.5); // the client's own stamp, back as it was
    // The loop's leftover is a sum of frame times: equal to a few ns.
    expect(pong[1]).toBeCloseTo(arena.driver.tick * TIMESTEP_MS + 5, 3);
  });
});

describe("the room's recording, with a seat taken in the window it keeps", () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await Harness.start({ recordSeconds: 1 });
  });
  afterAll(() => harness.stop());

  it('replays bit for bit a join that came after the keyframe it starts from', async () => {
    const { arena, room } = await harness.join();
    room.sendBytes(MSG_INPUT, testInput(arena.driver.tick + 1, [80, 30]));
    harness.step(arena, 100);
    const { room: late } = await harness.join(); // at tick 100: after the keyframes at 60 and 90
    late.sendBytes(MSG_INPUT, testInput(arena.driver.tick + 1, [-60, 20]));
    await until(() => arena.seats[1]?.inputs.newest === arena.driver.tick + 1, 'its input');
    harness.step(arena, 20);
    const recording = Recording.fromBytes(arena.recorder!.recording().toBytes(), testGame.build);
    expect(recording.firstTick).toBeLessThan(100);
    expect(bits(replaySession(testGame, recording).state)).toEqual(bits(arena.gameState));
  });
});

describe('a reader that stops, cut after exactly SLOW_TICKS held back', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await Harness.start();
  });
  afterAll(() => harness.stop());

  it('counts from the tick its snapshots were first held back, and cuts it at the first snapshot more than 5 s later', async () => {
    const { room, arena } = await harness.join();
    const seat = arena.seats[0]!;
    expect(seat.slowSince).toBe(-1);
    // colyseus.js in Node runs on the `ws` package: pause its TCP socket, so nothing more is read.
    (
      room.connection.transport as unknown as { ws: { _socket: { pause(): void } } }
    ).ws._socket.pause();
    // Steps of 150 ticks (less than the 300 it may lag) until the room holds snapshots back.
    for (let i = 0; seat.slowSince < 0 && i < 2000; i++) {
      harness.step(arena, 150);
      await new Promise<void>((resolve) => setImmediate(resolve));
      await new Promise<void>((resolve) => setTimeout(resolve, 1));
    }
    const since = seat.slowSince;
    expect(since).toBeGreaterThan(0);
    expect(seat.kicked).toBe(false);
    while (!seat.kicked && arena.driver.tick < since + 10 * TICK_RATE) harness.step(arena, 1);
    // Checked at each snapshot (every third tick): the first one past 300 ticks held back.
    expect(arena.driver.tick - since).toBeGreaterThan(5 * TICK_RATE);
    expect(arena.driver.tick - since).toBeLessThanOrEqual(5 * TICK_RATE + 3);
  }, 180_000); // tens of thousands of steps fill the kernel's buffers: minutes under Stryker on a loaded machine
});
