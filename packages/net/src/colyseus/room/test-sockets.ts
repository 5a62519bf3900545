import { createRequire } from 'node:module';
import { ClientState, matchMaker } from '@colyseus/core';
import { vi } from 'vitest';
import { type Harness, ROOM, type TestRoom } from './test-harness.js';

/**
 * Test support (not code under test): a client that speaks Colyseus's protocol by hand over a
 * real WebSocket (the `ws` package colyseus.js runs on in Node), so a test can be the client no
 * page is: one that never acknowledges its join, ignores a close frame, or sends frames no
 * colyseus.js would.
 */

/** The few calls of a `ws` WebSocket the tests make. */
export interface RawSocket {
  readyState: number;
  send(data: Uint8Array | string): void;
  close(code?: number): void;
  terminate(): void;
  once(event: 'open', listener: () => void): void;
  once(event: 'message', listener: (data: Uint8Array) => void): void;
  once(event: 'close', listener: (code: number, reason: Uint8Array) => void): void;
  once(event: 'error', listener: (error: Error) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  /** The TCP socket under it, for the bytes it wrote. */
  _socket: { bytesWritten: number };
}

const require = createRequire(import.meta.url);
const WebSocket = createRequire(require.resolve('colyseus.js'))('ws') as new (
  url: string,
) => RawSocket;

/** How a raw socket was closed: its code and reason (the reason's bytes as text). */
export function closed(socket: RawSocket): Promise<[number, string]> {
  return new Promise((resolve) =>
    socket.once('close', (code, reason) => resolve([code, Buffer.from(reason).toString()])),
  );
}

/** What the matchmaker is told of a request from this machine (its static onAuth reads it). */
export const LOOPBACK = { headers: {}, ip: '127.0.0.1' };

/** A seat in the arena, and a socket on it that has received the room's JOIN_ROOM. */
export interface RawJoin {
  socket: RawSocket;
  sessionId: string;
  roomId: string;
  /** The room's end of this client's connection (the server's `ws`), for the bytes it read. */
  server: { _socket?: { bytesRead: number; destroyed: boolean } };
}

/**
 * Reserves a seat in the test room through the matchmaker (as a page's HTTP request would) and
 * connects to it; sends the join acknowledgement only when `ack`.
 */
export async function rawJoin(harness: Harness, ack: boolean): Promise<RawJoin> {
  const seat = await matchMaker.joinOrCreate(ROOM, {}, LOOPBACK);
  const { roomId, processId } = seat.room;
  const url = `ws://127.0.0.1:${harness.game.port}/${processId}/${roomId}?sessionId=${seat.sessionId}`;
  const socket = new WebSocket(url);
  socket.on('error', () => {}); // a socket the server cuts may error; the test reads its close
  await new Promise<void>((resolve) => socket.once('message', () => resolve()));
  if (ack) socket.send(new Uint8Array([10])); // Protocol.JOIN_ROOM
  const arena = matchMaker.getLocalRoomById(roomId) as TestRoom;
  const client = arena.clients.find((c) => c.sessionId === seat.sessionId)!;
  if (ack) {
    await vi.waitFor(
      () => {
        if (client.state !== ClientState.JOINED) throw new Error('not acknowledged yet');
      },
      { timeout: 5000, interval: 2 },
    );
  }
  return { socket, sessionId: seat.sessionId, roomId, server: client.ref as RawJoin['server'] };
}

/** Resolves once the server has read every byte `join`'s socket wrote, or closed it. */
export async function drained(join: RawJoin): Promise<void> {
  await vi.waitFor(
    () => {
      const server = join.server._socket;
      if (server && !server.destroyed && server.bytesRead < join.socket._socket.bytesWritten) {
        throw new Error('the server has not read it all');
      }
    },
    { timeout: 5000, interval: 2 },
  );
  await new Promise<void>((resolve) => setImmediate(resolve));
}
