import { Recording } from '@loop/core/replay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaySession } from '../../server/session-recorder.js';
import { testGame } from '../../server/test-game.js';
import { FixedStepRoom } from './fixed-step-room.js';
import { liveRoomsSource } from './live-rooms.js';
import { Harness, until } from './test-harness.js';

describe("the operators' view of live rooms (real server, real clients, driven time)", () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await Harness.start({ recordSeconds: 5 });
  });
  afterAll(() => harness.stop());

  it("lists each live room's figures and hands out its recording, replayable bit for bit", async () => {
    const source = liveRoomsSource(FixedStepRoom.live);
    expect([...source.rooms()]).toEqual([]);
    const { room, arena } = await harness.join();
    harness.step(arena, 30);
    expect([...source.rooms()]).toEqual([
      {
        roomId: arena.roomId,
        clients: 1,
        ticks: 30,
        stepMs: arena.stats.stepMs,
        maxStepMs: arena.stats.maxStepMs,
        bytesOut: 10 * testGame.wire.snapshotBytes,
        droppedMs: 0,
      },
    ]);
    const bytes = source.recording(arena.roomId)!;
    const replayed = replaySession(testGame, Recording.fromBytes(bytes, testGame.build));
    expect([replayed.tick, [...replayed.state.positions]]).toEqual([
      30,
      [...arena.gameState.positions],
    ]);
    expect(source.recording('nope')).toBeUndefined();
    await room.leave();
    await until(() => [...source.rooms()].length === 0, 'the room to go');
  });
});
