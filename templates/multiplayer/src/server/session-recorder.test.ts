import { Random } from '@loop/core';
import { Recording, RecordingError } from '@loop/core/replay';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICK_RATE } from '../shared/arena';
import { writeInput } from '../shared/input';
import { MSG_INPUT, writeUint32 } from '../shared/protocol';
import { bits, SEED, schedule, TICKS } from '../shared/test-support';
import { World } from '../shared/world';
import { replaySession, SessionRecorder, SIMULATION_BUILD } from './session-recorder';
import { Harness, until } from './test-harness';

describe('SessionRecorder', () => {
  it('property: a session with hostile joins, leaves and inputs replays bit for bit, through bytes', () => {
    fc.assert(
      fc.property(fc.integer(), schedule, (seed, events) => {
        const world = new World(seed);
        const recorder = new SessionRecorder(3600);
        for (let t = 0; t < TICKS; t++) {
          for (const e of events) {
            if (e.at !== t) continue;
            if (e.kind === 'join') {
              world.join(e.slot);
              recorder.joined |= 1 << e.slot;
            } else if (e.kind === 'leave') world.leave(e.slot);
            else if (e.kind === 'input') writeInput(world.inputs, e.slot * 3, e.x, e.y, e.buttons);
          }
          recorder.beforeStep(world);
          world.step();
          recorder.afterStep(world);
        }
        const bytes = recorder.recording().toBytes();
        expect(bits(replaySession(Recording.fromBytes(bytes, SIMULATION_BUILD)))).toEqual(
          bits(world),
        );
      }),
      { seed: SEED, numRuns: 40 },
    );
  });

  it('replays a seat taken again while taken (a join resets the player) and one taken and freed between steps', () => {
    const world = new World();
    const recorder = new SessionRecorder(3600);
    const step = () => {
      recorder.beforeStep(world);
      world.step();
      recorder.afterStep(world);
    };
    world.join(0);
    recorder.joined = 1;
    writeInput(world.inputs, 0, 0, -100, 0);
    for (let t = 0; t < 10; t++) step();
    world.join(0); // the seat taken anew: back to its spawn point
    world.join(1);
    world.leave(1); // taken and freed before the step
    recorder.joined = 0b11;
    for (let t = 0; t < 10; t++) step();
    expect(bits(replaySession(recorder.recording()))).toEqual(bits(world));
  });

  it('starts with a keyframe whatever the tick, then one at every multiple of half the time kept', () => {
    // A room whose recorder starts at tick 7, keeping 1 s (60 ticks): keyframes at ticks 7, 30,
    // 60 and 90. After tick 106 the replay of the last 60 ticks needs the one at 30 and no older.
    const world = new World();
    for (let t = 0; t < 7; t++) world.step();
    const recorder = new SessionRecorder(1);
    world.join(2);
    recorder.joined = 1 << 2;
    for (let t = 0; t < 100; t++) {
      writeInput(world.inputs, 2 * 3, 90, t - 50, t & 1);
      recorder.beforeStep(world);
      world.step();
      recorder.afterStep(world);
    }
    const recording = recorder.recording();
    expect([recording.firstTick, recording.length]).toEqual([30 - 7, 106 - 30 + 1]);
    expect(bits(replaySession(recording))).toEqual(bits(world));
  });

  it('keyframes at most every 10 s, however long it keeps', () => {
    // Keeping 60 s: keyframes every 600 ticks (10 s), not every 1 800 (half of 60 s), so after
    // 4 300 ticks the replay of the last 3 600 starts at tick 600.
    const world = new World();
    const recorder = new SessionRecorder(60);
    for (let t = 0; t < 4300; t++) {
      recorder.beforeStep(world);
      world.step();
      recorder.afterStep(world);
    }
    const recording = recorder.recording();
    expect([recording.firstTick, recording.length]).toEqual([600, 3700]);
    expect(bits(replaySession(recording))).toEqual(bits(world));
  });

  it('says at which tick a replay stops matching, and refuses another build', () => {
    const world = new World();
    const recorder = new SessionRecorder(3600);
    world.join(0);
    recorder.joined = 1;
    for (let t = 0; t < 20; t++) {
      writeInput(world.inputs, 0, t * 5, 0, 0);
      recorder.beforeStep(world);
      world.step();
      recorder.afterStep(world);
    }
    const good = recorder.recording();
    const data = good.data.slice();
    data[good.offsets[12]! + 3] = -100; // seat 0's stick x at tick 12
    expect(() => replaySession(new Recording({ ...good, data }))).toThrow(RecordingError);
    expect(() => replaySession(new Recording({ ...good, data }))).toThrow(/diverged at tick 12/);
    expect(() => Recording.fromBytes(good.toBytes(), 'arena-0')).toThrow(RecordingError);
    const start = new Uint8Array(100);
    expect(() => replaySession(new Recording({ ...good, start }))).toThrow(
      new RangeError('replaySession: the keyframe is 100 bytes, not a snapshot'),
    );
  });
});

describe("a live room's recording (real server, real clients, driven time)", () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await Harness.start({ recordSeconds: 5 });
  });
  afterAll(() => harness.stop());

  it('replays the last seconds of a match with joins, leaves and redundant inputs bit for bit', async () => {
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
    const replayed = replaySession(Recording.fromBytes(recording.toBytes(), SIMULATION_BUILD));
    expect(bits(replayed)).toEqual(bits(arena.world));
    // What an operator downloads for a bug report.
    const address = `http://127.0.0.1:${harness.game.operatorPort}`; // the operators' port
    const response = await fetch(`${address}/recording/${arena.roomId}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bits(replaySession(Recording.fromBytes(bytes, SIMULATION_BUILD)))).toEqual(
      bits(arena.world),
    );
    expect((await fetch(`${address}/recording/nope`)).status).toBe(404);
  }, 60_000); // 720 steps, each after a round trip: slow on a loaded machine
});
