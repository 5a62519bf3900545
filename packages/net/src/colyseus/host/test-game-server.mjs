/**
 * A game server process for the cluster tests: @loop/net's serveFromEnv with a stand-in room
 * (`arena`, eight seats, a pong with its id to every ping), from the built package, as a game's
 * own script runs it. Test support: run by startGameProcess, never published.
 */
import { Room } from '@colyseus/core';
import { serveFromEnv } from '../../../dist/colyseus/index.js';

class PingRoom extends Room {
  onCreate() {
    this.maxClients = 8;
    this.onMessage('ping', (client) => client.send('pong', this.roomId));
  }
}

await serveFromEnv({ rooms: { arena: PingRoom } });
