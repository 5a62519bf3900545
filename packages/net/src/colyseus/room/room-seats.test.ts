import { EventEmitter } from 'node:events';
import { type Client, ClientState, Protocol } from '@colyseus/core';
import { describe, expect, it } from 'vitest';
import { NO_REFUSALS } from '../../server/test-driver.js';
import { type TestState, testGame } from '../../server/test-game.js';
import { MSG_PING, PING_BYTES } from '../../wire/messages.js';
import { type FixedStepRoom, fixedStepRoom } from './fixed-step-room.js';

const GameRoom: new () => FixedStepRoom<TestState> = fixedStepRoom(testGame, {
  scheduler: 'manual',
});

/**
 * A game's room that lets one more client in than it has seats (a subclass may set Colyseus's
 * `maxClients` as it likes: a watcher, say), called as Colyseus calls a room, with no server.
 */
class WatchedRoom extends GameRoom {
  protected readonly game = testGame;
  override onCreate(): void {
    super.onCreate();
    this.maxClients = testGame.maxPlayers + 1;
  }
  /** Colyseus's entry for every WebSocket message of a client. */
  message(client: Client, bytes: number[]): void {
    this._onMessage(client as never, Buffer.from(bytes));
  }
}

/** A Colyseus client as the room sees it: an id, a socket to listen on, what it was sent. */
function client(sessionId: string): Client & { sent: unknown[] } {
  const sent: unknown[] = [];
  return {
    sessionId,
    ref: new EventEmitter(),
    state: ClientState.JOINED,
    sent,
    send: (...args: unknown[]) => sent.push(args),
    sendBytes: (...args: unknown[]) => sent.push(args),
    raw: (...args: unknown[]) => sent.push(args),
    enqueueRaw: (...args: unknown[]) => sent.push(args),
    leave: () => {},
    error: () => {},
  } as unknown as Client & { sent: unknown[] };
}

describe('FixedStepRoom, a client past its seats', () => {
  it('lets it in with no seat; its messages are dropped unread and its leave frees nothing', async () => {
    const room = new WatchedRoom();
    room.onCreate();
    try {
      const players = Array.from({ length: testGame.maxPlayers }, (_, i) => client(`p${i}`));
      for (const player of players) room.onJoin(player);
      const watcher = client('watcher');
      expect(() => room.onJoin(watcher)).not.toThrow();
      expect(room.seats.map((seat) => seat?.client.sessionId)).toEqual(
        players.map((p) => p.sessionId),
      );
      expect(room.driver.seatOf('watcher')).toBeUndefined();
      // A ping and a stray byte from it: neither read, answered nor held against a seat.
      const ping = [Protocol.ROOM_DATA_BYTES, MSG_PING, ...new Uint8Array(PING_BYTES)];
      expect(() => room.message(watcher, ping)).not.toThrow();
      expect(() => room.message(watcher, [0xff])).not.toThrow();
      expect(watcher.sent).toEqual([]);
      expect(room.refused).toEqual(NO_REFUSALS);
      await expect(room.onLeave(watcher, false)).resolves.toBeUndefined();
      expect(room.seats.every((seat) => seat !== undefined && seat.away < 0)).toBe(true);
    } finally {
      room.onDispose();
    }
  });
});
