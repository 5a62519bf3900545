import { Random } from '@loop/core';
import { Recording } from '@loop/core/replay';
import { MSG_INPUT, MSG_SNAPSHOT, writeUint32 } from '@loop/net';
import { replaySession, SessionRecorder } from '@loop/net/server';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PLAYERS, TICK_RATE } from '../shared/arena';
import { BUTTON_BOOST, writeInput } from '../shared/input';
import { SNAPSHOT_BYTES, SnapshotCodec, type SnapshotHeader } from '../shared/snapshot';
import { World } from '../shared/world';
import { type Harness, startHarness, until } from '../test-support/harness';
import { bits, inputMessage, SEED, schedule, TICKS } from '../test-support/world';
import { ArenaRoom, arenaGame, arenaRoom, SIMULATION_BUILD } from './arena-room';

/**
 * The arena played end to end on @loop/net's room (the room's own behaviour, with a stand-in
 * game, is the package's tests): real server, real colyseus.js clients, driven time.
 */
describe('the arena room (real server, real clients, driven time)', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({ recordSeconds: 5 });
  });
  afterAll(() => harness.stop());

  it("steps the arena's world with each seat's clamped input and sends the whole world, acknowledged", async () => {
    const { room, arena } = await harness.join();
    expect(ArenaRoom.live.has(arena)).toBe(true);
    const codec = new SnapshotCodec();
    const header: SnapshotHeader = { tick: 0, ack: 0, missed: 0, slot: 0 };
    const seen = new World();
    const sizes: number[] = [];
    room.onMessage(MSG_SNAPSHOT, (bytes: Uint8Array) => {
      sizes.push(bytes.byteLength);
      codec.decode(bytes, seen, header);
    });
    const t = arena.world.tick;
    const x = arena.world.state[0]!;
    // A stick of −128 is clamped to −127, unknown buttons cleared: the arena's own rule (input.ts).
    room.sendBytes(MSG_INPUT, inputMessage(t + 1, [127, -128, 0xff]));
    await until(() => arena.seats[0]?.inputs.newest === t + 1, 'the input');
    harness.step(arena, 3);
    expect([...arena.world.inputs.subarray(0, 3)]).toEqual([127, -127, BUTTON_BOOST]);
    expect(arena.world.state[0]).toBeGreaterThan(x);
    await until(() => sizes.length === 1, 'a snapshot');
    expect(sizes).toEqual([SNAPSHOT_BYTES]);
    expect(header).toEqual({ tick: t + 3, ack: t + 1, missed: 2, slot: 0 });
    expect(bits(seen)).toEqual(bits(arena.world));
    await room.leave();
  });

  it('replays the last seconds of a match with joins, leaves and redundant inputs bit for bit, also as an operator downloads it', async () => {
    const random = new Random(7);
    const first = await harness.join();
    const arena = first.arena;
    const rooms = [first.room, (await harness.join()).room];
    const message = new Uint8Array(8);
    for (let t = 0; t < 12 * TICK_RATE; t++) {
      if (t === 200) rooms.push((await harness.join()).room);
      if (t === 500) await rooms.splice(1, 1)[0]!.leave();
      for (const room of rooms) {
        writeUint32(message, 0, arena.world.tick + 2);
        message[4] = 1;
        message[5] = Math.floor(random.next() * 255);
        message[6] = Math.floor(random.next() * 255);
        message[7] = random.next() < 0.3 ? 1 : 0;
        room.sendBytes(MSG_INPUT, message);
      }
      await until(
        () => arena.seats.every((s) => !s || s.inputs.newest >= arena.world.tick + 2),
        'inputs',
      );
      harness.step(arena, 1);
    }
    const recording = arena.recorder!.recording();
    expect(recording.duration).toBeGreaterThanOrEqual(5);
    expect(recording.duration).toBeLessThanOrEqual(7.5); // older ticks dropped
    const replayed = replaySession(
      arenaGame,
      Recording.fromBytes(recording.toBytes(), SIMULATION_BUILD),
    );
    expect(bits(replayed.state)).toEqual(bits(arena.world));
    // What an operator downloads for a bug report.
    const address = `http://127.0.0.1:${harness.game.operatorPort}`; // the operators' port
    const response = await fetch(`${address}/recording/${arena.roomId}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const downloaded = replaySession(arenaGame, Recording.fromBytes(bytes, SIMULATION_BUILD));
    expect(bits(downloaded.state)).toEqual(bits(arena.world));
    expect((await fetch(`${address}/recording/nope`)).status).toBe(404);
    expect(() => Recording.fromBytes(recording.toBytes(), 'arena-0')).toThrow();
  }, 60_000); // 720 steps, each after a round trip: slow on a loaded machine

  it('seats at most MAX_PLAYERS, and its settings are checked when the server defines it', async () => {
    expect(arenaGame.maxPlayers).toBe(MAX_PLAYERS);
    expect(() => arenaRoom({ reconnectSeconds: -1 })).toThrow(RangeError);
  });
});

describe("the arena's declaration replays its own world", () => {
  it("replays a recording that a server of this simulation saved under its name, 'arena-1'", () => {
    // Made as a deployed server made it (a bug report from the field): its build named as such.
    // When a change to the step bumps SIMULATION_BUILD, such a recording is refused: bump it here too.
    const recorder = new SessionRecorder({ ...arenaGame, build: 'arena-1' }, 60);
    const world = new World(3);
    world.join(2);
    recorder.joined[2] = 1;
    for (let t = 0; t < 30; t++) {
      writeInput(world.inputs, 2 * 3, 90, -40, t % 2);
      recorder.beforeStep(world, world.tick, world.present, world.inputs);
      world.step();
      recorder.afterStep(world);
    }
    const bytes = recorder.recording().toBytes();
    const replayed = replaySession(arenaGame, Recording.fromBytes(bytes, SIMULATION_BUILD));
    expect(bits(replayed.state)).toEqual(bits(world));
  });

  it('property: a session with hostile joins, leaves and inputs replays bit for bit, through bytes', () => {
    fc.assert(
      fc.property(fc.integer(), schedule, (seed, events) => {
        const world = new World(seed);
        const recorder = new SessionRecorder(arenaGame, 3600);
        for (let t = 0; t < TICKS; t++) {
          for (const e of events) {
            if (e.at !== t) continue;
            if (e.kind === 'join') {
              world.join(e.slot);
              recorder.joined[e.slot] = 1;
            } else if (e.kind === 'leave') world.leave(e.slot);
            else if (e.kind === 'input') writeInput(world.inputs, e.slot * 3, e.x, e.y, e.buttons);
          }
          recorder.beforeStep(world, world.tick, world.present, world.inputs);
          world.step();
          recorder.afterStep(world);
        }
        const bytes = recorder.recording().toBytes();
        const replayed = replaySession(arenaGame, Recording.fromBytes(bytes, SIMULATION_BUILD));
        expect(bits(replayed.state)).toEqual(bits(world));
      }),
      { seed: SEED, numRuns: 40 },
    );
  });
});
