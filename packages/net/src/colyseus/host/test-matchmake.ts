/**
 * What the hosting tests share: a stand-in game room, a game server per test (stopped after
 * it), and requests as a page sends them. Test support, not code under test.
 */
import { type Client as ServerClient, Room as ServerRoom } from '@colyseus/core';
import type { Room } from 'colyseus.js';
import { afterEach } from 'vitest';
import type { OperatorSource, RoomLoad } from './operator-route.js';
import { type GameServer, type StartOptions, startServer } from './server.js';

/**
 * A game room stand-in: eight seats, a pong with its id to every ping, made-up figures for
 * /stats and a recording of its own id's bytes. The host knows no game; any room will do.
 */
export class TestRoom extends ServerRoom {
  /** Every room of this process that has not been disposed (what {@link testRooms} lists). */
  static readonly live = new Set<TestRoom>();
  readonly load = { ticks: 90, stepMs: 4.5, maxStepMs: 0.5, bytesOut: 1234, droppedMs: 0 };

  override onCreate(): void {
    this.maxClients = 8;
    TestRoom.live.add(this);
    this.onMessage('ping', (client: ServerClient) => client.send('pong', this.roomId));
  }

  override onDispose(): void {
    TestRoom.live.delete(this);
  }
}

/** The operators' view of the live {@link TestRoom}s. */
export const testRooms: OperatorSource = {
  *rooms(): Iterable<RoomLoad> {
    for (const room of TestRoom.live) {
      yield { roomId: room.roomId, clients: room.clients.length, ...room.load };
    }
  },
  recording(roomId) {
    const room = [...TestRoom.live].find((r) => r.roomId === roomId);
    return room ? new TextEncoder().encode(room.roomId) : undefined;
  },
};

/** startServer with the test room as `arena` and its operator source, then `options`. */
export function startTestServer(options: StartOptions = {}): Promise<GameServer> {
  return startServer({ rooms: { arena: TestRoom }, operator: testRooms, ...options });
}

let game: GameServer | undefined;

/** Registers, in the calling test file, the stop of each test's server after the test. */
export function stopServersAfterEach(): void {
  afterEach(async () => {
    await game?.stop();
    game = undefined;
  });
}

/** Starts this test's game server and returns its address. */
export async function start(options: StartOptions = {}): Promise<string> {
  game = await startTestServer(options);
  return `http://127.0.0.1:${game.port}`;
}

/** This test's game server, once started. */
export function running(): GameServer | undefined {
  return game;
}

/** Forgets this test's server after the test stopped it itself. */
export function forget(): void {
  game = undefined;
}

/** A room whose messages are taken and dropped (the tests here read only matchmaking). */
export function quiet(room: Room): Room {
  room.onMessage('*', () => {});
  return room;
}

/** Pings the room and resolves with its answer (its id): the client is in a live room. */
export function answered(room: Room): Promise<string> {
  const pong = new Promise<string>((resolve) => room.onMessage('pong', resolve));
  room.send('ping');
  return pong;
}

/** A matchmaking POST as a browser's page sends it, from `origin`. */
export function post(address: string, path: string, origin?: string, body = '{}') {
  return fetch(`${address}/matchmake/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
    body,
  });
}
