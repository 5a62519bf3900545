import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { fixedStepRoom } from '@loop/net/colyseus';
import type { RoomOptions } from '@loop/net/server';
import { game } from './net-game.js';

/**
 * The game's Colyseus server, as it was, with one room type added: `dots`, the game's World on
 * @loop/net's fixed-step room (60 ticks a second on a timer, 20 snapshots a second, inputs
 * checked and queued, seats kept for a reconnection). `options` are the room's settings: the
 * server's, never a client's. Resolves with the port it listens on.
 */
export async function startGameServer(port = 2567, options: RoomOptions = {}) {
  const http = createServer();
  const server = new Server({ transport: new WebSocketTransport({ server: http }), greet: false });
  // server.define('lobby', LobbyRoom); ... the game's other rooms, unchanged
  server.define('dots', fixedStepRoom(game, { snapshotRate: 20, ...options }));
  await server.listen(port, '127.0.0.1');
  return { server, port: (http.address() as AddressInfo).port };
}
