import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_TICK_RATE as TICK_RATE, testGame } from '../../server/test-game.js';

const TIMESTEP_MS = testGame.wire.timestepMs;

import { MSG_PING, MSG_PONG, MSG_SNAPSHOT } from '../../wire/messages.js';
import type { SnapshotHeader } from '../../wire/snapshot-frame.js';
import { Harness, until } from './test-harness.js';

describe("the room's clock and snapshot rate (real server, real clients, driven time)", () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await Harness.start({ snapshotRate: 25 });
  });
  afterAll(() => harness.stop());

  it('answers a ping with its stamp and the simulated time: the ticks, plus the time since the frame', async () => {
    const { room, arena } = await harness.join();
    const pongs: number[][] = [];
    room.onMessage(MSG_PONG, (bytes: Uint8Array) => {
      pongs.push([...new Float64Array(bytes.slice().buffer)]);
    });
    const ping = (stamp: number) =>
      room.sendBytes(MSG_PING, new Uint8Array(new Float64Array([stamp]).buffer));
    harness.step(arena, 30);
    harness.now += 5; // 5 ms past the last frame, no step yet
    ping(123.5);
    await until(() => pongs.length === 1, 'the pong');
    expect(pongs[0]![0]).toBe(123.5);
    expect(pongs[0]![1]).toBeCloseTo(arena.driver.tick * TIMESTEP_MS + 5, 6);
    harness.now -= 10; // a clock behind the frame adds nothing
    ping(7);
    await until(() => pongs.length === 2, 'the second pong');
    expect(pongs[1]![0]).toBe(7);
    expect(pongs[1]![1]).toBeCloseTo(arena.driver.tick * TIMESTEP_MS, 6);
    harness.now += 5;
    await room.leave();
  });

  it('sends 25 snapshots a second when told to, every second or third tick', async () => {
    const { room, arena } = await harness.join();
    const ticks: number[] = [];
    const header: SnapshotHeader = { tick: 0, ack: 0, missed: 0, slot: 0 };
    room.onMessage(MSG_SNAPSHOT, (bytes: Uint8Array) => {
      if (testGame.wire.createSnapshotFrame().read(bytes, header)) ticks.push(header.tick);
    });
    harness.step(arena, TICK_RATE);
    await until(() => ticks.length === 25, '25 snapshots');
    const gaps = ticks.slice(1).map((t, i) => t - ticks[i]!);
    expect(gaps.every((g) => g === 2 || g === 3)).toBe(true);
    expect(new Set(gaps)).toEqual(new Set([2, 3]));
    await room.leave();
  });
});
