import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Room, Server } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { Client } from 'colyseus.js';
import { expect, test } from 'vitest';

/** Echoes every binary message back to its sender. */
class Echo extends Room {
  override onCreate(): void {
    this.onMessage('*', (client, type, message) => {
      if (message instanceof Uint8Array) client.sendBytes(type, message);
    });
  }
}

test('Colyseus 0.16 runs here: a server on a free loopback port, a colyseus.js client, bytes both ways', async () => {
  const http = createServer();
  const server = new Server({
    transport: new WebSocketTransport({ server: http }),
    greet: false,
    gracefullyShutdown: false,
  });
  server.define('echo', Echo);
  await server.listen(0, '127.0.0.1');
  const { port } = http.address() as AddressInfo;
  try {
    const room = await new Client(`ws://127.0.0.1:${port}`).joinOrCreate('echo');
    const echoed = new Promise<Uint8Array>((resolve) => room.onMessage(7, resolve));
    room.sendBytes(7, new Uint8Array([1, 2, 250]));
    expect([...(await echoed)]).toEqual([1, 2, 250]);
    await room.leave();
  } finally {
    await server.gracefullyShutdown(false);
  }
});
