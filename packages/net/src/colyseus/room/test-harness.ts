import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ClientState, matchMaker, Server } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { Client, type Room } from 'colyseus.js';
import { vi } from 'vitest';
import type { RoomOptions } from '../../server/room-options.js';
import { type TestState, testGame } from '../../server/test-game.js';
import { MSG_PONG, MSG_SNAPSHOT } from '../../wire/messages.js';
import { type FixedStepRoom, fixedStepRoom } from './fixed-step-room.js';

/** The test game's room, as the harness defines it. */
export type TestRoom = FixedStepRoom<TestState>;

/** The name the harness defines the test game's room under. */
export const ROOM = 'test';

/**
 * Test support (not code under test): a real Colyseus 0.16 server on a free loopback port whose
 * one room type is the test game's {@link fixedStepRoom}, stepping only when the test says so
 * (the manual scheduler and a clock the test owns), and real colyseus.js clients: the test
 * drives time and asserts on what came of it, never on how long it took.
 */
export class Harness {
  /** The room's clock, in ms: moved only by {@link step}, a whole number of steps from 1 s. */
  now = 1000;
  #frames = 0;
  private constructor(
    readonly server: Server,
    readonly port: number,
  ) {}

  static async start(options: RoomOptions = {}): Promise<Harness> {
    let harness: Harness | undefined;
    const http: HttpServer = createServer();
    const server = new Server({
      transport: new WebSocketTransport({ server: http }),
      greet: false,
      gracefullyShutdown: false,
    });
    server.define(
      ROOM,
      fixedStepRoom(testGame, {
        scheduler: 'manual',
        now: () => harness?.now ?? 0,
        log: () => {},
        ...options,
      }),
    );
    await server.listen(0, '127.0.0.1');
    // Colyseus's heartbeat pings every 3 s of real time and cuts a client that missed two: a
    // slow reader a test holds still would be cut by it, not by the room, wherever the driven
    // steps take longer than that (a loaded machine).
    clearInterval((server.transport as unknown as { pingInterval?: NodeJS.Timeout }).pingInterval);
    harness = new Harness(server, (http.address() as AddressInfo).port);
    return harness;
  }

  client(): Client {
    return new Client(`ws://127.0.0.1:${this.port}`);
  }

  /** Joins the test room (the first join creates it, which takes its first frame at once). */
  async join(): Promise<{ room: Room; arena: TestRoom }> {
    const room = await this.client().joinOrCreate(ROOM);
    room.onMessage(MSG_SNAPSHOT, () => {}); // the test adds its own handlers as it needs them
    room.onMessage(MSG_PONG, () => {});
    const arena = matchMaker.getLocalRoomById(room.roomId) as TestRoom;
    // The room sends a client nothing until its join acknowledgement is in (sent as colyseus.js
    // resolves the join): a step before it would skip this client's snapshot.
    const joined = () => arena.clients.find((c) => c.sessionId === room.sessionId)?.state;
    await until(() => joined() === ClientState.JOINED, 'the join to be acknowledged');
    if (arena.loop.now === 0) arena.loop.frame(this.now); // the baseline frame: no step
    return { room, arena };
  }

  /** Steps `arena` by `ticks` fixed steps, one frame per step. */
  step(arena: TestRoom, ticks: number): void {
    for (let i = 0; i < ticks; i++) {
      this.now = 1000 + (++this.#frames * 1000) / testGame.wire.tickRate; // never summed: no drift
      arena.loop.frame(this.now);
    }
  }

  stop(): Promise<void> {
    return this.server.gracefullyShutdown(false);
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
