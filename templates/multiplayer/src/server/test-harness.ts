import { ClientState, matchMaker } from '@colyseus/core';
import { MSG_PONG, MSG_SNAPSHOT } from '@loop/net';
import { Client, type Room } from 'colyseus.js';
import { expect, vi } from 'vitest';
import { TIMESTEP_MS } from '../shared/arena';
import { SNAPSHOT_BYTES } from '../shared/snapshot';
import type { ArenaRoom } from './arena-room';
import type { ArenaConfig } from './config';
import { type GameServer, startServer } from './server';

/**
 * A real server on a free loopback port whose rooms step only when the test says so (the
 * manual scheduler and a clock the test owns), and real colyseus.js clients: the test drives
 * time and asserts on what came of it, never on how long it took.
 */
export class Harness {
  /** The room's clock, in ms: moved only by {@link step}, a whole number of steps from 1 s. */
  now = 1000;
  #frames = 0;
  private constructor(readonly game: GameServer) {}

  static async start(arena: ArenaConfig = {}): Promise<Harness> {
    let harness: Harness | undefined;
    const game = await startServer({
      arena: { scheduler: 'manual', now: () => harness?.now ?? 0, log: () => {}, ...arena },
    });
    // Colyseus's heartbeat pings every 3 s of real time and cuts a client that missed two: the
    // slow reader the guards test holds still would be cut by it, not by the room, wherever the
    // driven steps take longer than that (a loaded machine, Stryker's instrumented code).
    clearInterval(
      (game.server.transport as unknown as { pingInterval?: NodeJS.Timeout }).pingInterval,
    );
    harness = new Harness(game);
    return harness;
  }

  client(): Client {
    return new Client(`ws://127.0.0.1:${this.game.port}`);
  }

  /** Joins the arena (the first join creates the room, which takes its first frame at once). */
  async join(): Promise<{ room: Room; arena: ArenaRoom }> {
    const room = await this.client().joinOrCreate('arena');
    room.onMessage(MSG_SNAPSHOT, () => {}); // the test adds its own handlers as it needs them
    room.onMessage(MSG_PONG, () => {});
    const arena = matchMaker.getLocalRoomById(room.roomId) as ArenaRoom;
    // The room sends a client nothing until its join acknowledgement is in (sent as colyseus.js
    // resolves the join): a step before it would skip this client's snapshot.
    const joined = () => arena.clients.find((c) => c.sessionId === room.sessionId)?.state;
    await until(() => joined() === ClientState.JOINED, 'the join to be acknowledged');
    if (arena.loop.now === 0) arena.loop.frame(this.now); // the baseline frame: no step
    return { room, arena };
  }

  /** Steps `arena` by `ticks` fixed steps, one frame per step. */
  step(arena: ArenaRoom, ticks: number): void {
    for (let i = 0; i < ticks; i++) {
      this.now = 1000 + ++this.#frames * TIMESTEP_MS; // never summed: no drift
      arena.loop.frame(this.now);
    }
  }

  stop(): Promise<void> {
    return this.game.stop();
  }
}

/** Waits (polling) until `condition` holds: messages over loopback arrive in their own time. */
export function until(condition: () => boolean, what: string): Promise<void> {
  return vi.waitFor(
    () => {
      if (!condition()) throw new Error(`still waiting for ${what}`);
    },
    { timeout: 5000, interval: 2 },
  );
}

/**
 * Joins the arena at `endpoint` as a page does (`<its URL>colyseus`), waits for a snapshot of the
 * full size and leaves: the one-URL check of `npm run dev` and `npm run start`.
 */
export async function expectSnapshotsAt(endpoint: string): Promise<void> {
  const room = await new Client(endpoint).joinOrCreate('arena');
  const sizes: number[] = [];
  room.onMessage(MSG_SNAPSHOT, (bytes: Uint8Array) => sizes.push(bytes.byteLength));
  await expect.poll(() => sizes.length, { timeout: 10_000 }).toBeGreaterThan(0);
  expect(sizes[0]).toBe(SNAPSHOT_BYTES);
  await room.leave();
}
