/**
 * What the matchmaking tests share: a game server per test, stopped after it, and requests as a
 * page sends them. Test support, not code under test (left out of Stryker's mutate list).
 */
import type { Room } from 'colyseus.js';
import { afterEach } from 'vitest';
import { MSG_PONG, MSG_SNAPSHOT } from '../shared/protocol';
import { type GameServer, type StartOptions, startServer } from './server';

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
  game = await startServer(options);
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
  room.onMessage(MSG_SNAPSHOT, () => {});
  room.onMessage(MSG_PONG, () => {});
  return room;
}

/** A matchmaking POST as a browser's page sends it, from `origin`. */
export function post(address: string, path: string, origin?: string, body = '{}') {
  return fetch(`${address}/matchmake/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
    body,
  });
}
