import type { AddressInfo } from 'node:net';
import { Server, type Client as ServerClient, Room as ServerRoom } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { Client } from 'colyseus.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_MALFORMED } from '../wire/messages.js';
import { joinLink, RoomLink, type RoomLinkState } from './room-link.js';

/** A stand-in room: echoes bytes of type 1 back as type 2, keeps a dropped seat 5 s, kicks on type 9. */
class EchoRoom extends ServerRoom {
  override onCreate(): void {
    this.onMessage(1, (client: ServerClient, bytes: Uint8Array) => client.sendBytes(2, bytes));
    this.onMessage(9, (client: ServerClient) => client.leave(CLOSE_MALFORMED, 'kicked'));
  }
  override async onLeave(client: ServerClient, consented: boolean): Promise<void> {
    if (!consented) await this.allowReconnection(client, 5).catch(() => {});
  }
}

/** Resolves when `check` holds, polling every 10 ms (up to 20 s: a limit that only ends a hung test). */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('RoomLink (a real Colyseus server on loopback, real colyseus.js clients)', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    const transport = new WebSocketTransport();
    server = new Server({ transport, greet: false });
    server.define('echo', EchoRoom);
    await server.listen(0, '127.0.0.1');
    const address = transport.server!.address() as AddressInfo;
    url = `ws://127.0.0.1:${address.port}`;
  });
  afterAll(() => server.gracefullyShutdown(false));

  it('joins in one call, sends and receives bytes, and rejoins its seat after a drop with its handlers', async () => {
    const states: [RoomLinkState, number][] = [];
    const onState = (s: RoomLinkState, c: number) => {
      states.push([s, c]);
      // Sent while reconnecting (from the state change itself: a poll can miss a reconnection
      // that takes less than its interval on a busy machine), dropped as a lost packet.
      if (s === 'reconnecting') link.sendBytes(1, new Uint8Array([1]));
    };
    const link: RoomLink = await joinLink(new Client(url), 'echo', {}, { onState });
    const got: number[] = [];
    link.onMessage(2, (bytes) => got.push(...bytes));
    link.sendBytes(1, new Uint8Array([7, 8]));
    await until(() => got.length === 2, 'the echo');
    expect(got).toEqual([7, 8]);
    const first = link.room;
    const session = first.sessionId;
    first.connection.close(); // a drop: no leave message, just a closed socket
    await until(() => states.length === 2, 'the drop and the reconnection');
    expect(link.state).toBe('open');
    expect([link.room !== first, link.room.sessionId, link.reconnections]).toEqual([
      true,
      session,
      1,
    ]);
    link.sendBytes(1, new Uint8Array([9]));
    await until(() => got.length === 3, 'the echo on the new room');
    expect(got).toEqual([7, 8, 9]);
    expect(states.map(([s]) => s)).toEqual(['reconnecting', 'open']);
    await link.leave();
    expect(link.state).toBe('closed');
    await link.leave(); // twice is once
    expect(states.at(-1)).toEqual(['closed', 4000]);
  });

  it('does not rejoin after a kick, and says why it closed', async () => {
    const states: [RoomLinkState, number][] = [];
    const link = await joinLink(
      new Client(url),
      'echo',
      {},
      { onState: (s, c) => states.push([s, c]) },
    );
    link.sendBytes(9, new Uint8Array([0]));
    await until(() => link.state === 'closed', 'the kick');
    expect(states).toEqual([['closed', CLOSE_MALFORMED]]);
    link.sendBytes(1, new Uint8Array([1])); // nothing to send on: ignored
  });

  it('refuses finalCodes that are not integers', async () => {
    const client = new Client(url);
    const room = await client.joinOrCreate('echo');
    expect(() => new RoomLink(client, room, { finalCodes: [4000.5] })).toThrow(
      /finalCodes.*4000.5/,
    );
    await room.leave();
  });
});
