import { matchMaker } from '@colyseus/core';
import { Client } from 'colyseus.js';
import { describe, expect, it } from 'vitest';
import { forwardedFor, resolveMatchmakeOptions } from './matchmake-route.js';
import { type StartOptions, startServer } from './server.js';
import { forget, post, quiet, running, start, stopServersAfterEach } from './test-matchmake.js';

stopServersAfterEach();

describe('rooms made per client and per process', () => {
  it('refuses a client its createsPerClient-th room in the window (429), never a join, and again after it', async () => {
    let now = 0;
    const address = await start({ createsPerClient: 2, createWindowSeconds: 10, clock: () => now });
    const client = new Client(address);
    const rooms = [quiet(await client.create('arena')), quiet(await client.create('arena'))];
    const refused = client.create('arena');
    await expect(refused).rejects.toMatchObject({ code: 429 });
    await expect(refused).rejects.toThrow(
      'this client made 2 rooms in 10 s (createsPerClient): try again in 10 s',
    );
    now = 4000;
    const joined = quiet(await client.joinOrCreate('arena'));
    expect(joined.roomId).toBe(rooms[0]!.roomId); // joined, not made: free
    const raw = await post(address, 'create/arena');
    expect([raw.status, (await raw.json()).error]).toEqual([
      429,
      'this client made 2 rooms in 10 s (createsPerClient): try again in 6 s',
    ]);
    now = 10_000; // the window has ended: a new one
    const third = quiet(await client.create('arena'));
    expect(rooms.map((r) => r.roomId)).not.toContain(third.roomId);
  });

  it('refuses a room past maxRoomsPerProcess on every process (503), and makes it once one closes', async () => {
    const address = await start({ maxRoomsPerProcess: 2 });
    const client = new Client(address);
    const rooms = [quiet(await client.create('arena')), quiet(await client.create('arena'))];
    const refused = client.create('arena');
    await expect(refused).rejects.toMatchObject({ code: 503 });
    await expect(refused).rejects.toThrow(
      'every process holds 2 rooms (maxRoomsPerProcess): try again later',
    );
    await rooms[0]!.leave(); // its room is disposed, empty
    await expect
      .poll(async () => (await post(address, 'create/arena')).status, { timeout: 5000 })
      .toBe(200);
  });
});

describe('matchmaking while the process shuts down, and by whose address', () => {
  it('answers 503 once the matchmaker is shutting down', async () => {
    const address = await start();
    await matchMaker.gracefullyShutdown(); // the matchmaker alone: the port still answers
    const response = await post(address, 'joinOrCreate/arena', address);
    expect([response.status, await response.json()]).toEqual([
      503,
      { code: 503, error: 'this process is shutting down' },
    ]);
    expect(response.headers.get('access-control-allow-origin')).toBe(address);
    const http = (running()!.server.transport as unknown as { server: import('node:http').Server })
      .server;
    await running()!.stop(); // the operators' port; Colyseus's shutdown already ran
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
    forget();
  });

  it('forwardedFor: the last X-Forwarded-For address (the trusted proxy’s), else the peer', async () => {
    const address = await start({ createsPerClient: 1, clientAddress: forwardedFor });
    const make = (forwarded?: string) =>
      fetch(`${address}/matchmake/create/arena`, {
        method: 'POST',
        headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
        body: '{}',
      });
    const statuses = [];
    for (const forwarded of [
      '203.0.113.7', // a player, as the proxy saw it
      '198.51.100.1, 203.0.113.7', // the same player, lying in front of it: counted the same
      '203.0.113.8',
      ' 203.0.113.9 ',
      undefined, // no proxy: the peer, 127.0.0.1
      '', // an empty header: the peer again
    ]) {
      statuses.push((await make(forwarded)).status);
    }
    expect(statuses).toEqual([200, 429, 200, 200, 200, 429]);
  });

  it('counts rooms per client by clientAddress when given (a proxy it trusts)', async () => {
    const address = await start({
      createsPerClient: 1,
      clientAddress: (req) => String(req.headers['x-client']),
    });
    const make = (client: string) =>
      fetch(`${address}/matchmake/create/arena`, {
        method: 'POST',
        headers: { 'x-client': client },
        body: '{}',
      });
    const statuses = [];
    for (const client of ['a', 'b', 'a', 'b', 'c']) statuses.push((await make(client)).status);
    expect(statuses).toEqual([200, 200, 429, 429, 200]);
  });
});

describe('startServer checks its limits before it listens', () => {
  it('takes maxBodyBytes from 2 to 1 MiB, and no origins by default', () => {
    expect(resolveMatchmakeOptions({ maxBodyBytes: 2 }).maxBodyBytes).toBe(2);
    expect(resolveMatchmakeOptions({ maxBodyBytes: 1 << 20 }).maxBodyBytes).toBe(1 << 20);
    expect(resolveMatchmakeOptions().allowedOrigins).toEqual([]);
    expect(() => resolveMatchmakeOptions({ allowedOrigins: [5 as unknown as string] })).toThrow(
      new RangeError('allowedOrigins must hold origins such as https://game.example, got 5'),
    );
  });

  it.each([
    [{ createsPerClient: 0 }, 'createsPerClient must be an integer from 1 to 1000000000, got 0'],
    [
      { createsPerClient: 1.5 },
      'createsPerClient must be an integer from 1 to 1000000000, got 1.5',
    ],
    [
      { createWindowSeconds: 86_401 },
      'createWindowSeconds must be an integer from 1 to 86400, got 86401',
    ],
    [
      { maxRoomsPerProcess: Number.NaN },
      'maxRoomsPerProcess must be an integer from 1 to 1000000, got NaN',
    ],
    [{ maxBodyBytes: 1 }, 'maxBodyBytes must be an integer from 2 to 1048576, got 1'],
    [
      { maxBodyBytes: (1 << 20) + 1 },
      'maxBodyBytes must be an integer from 2 to 1048576, got 1048577',
    ],
    [
      { allowedOrigins: ['https://game.example/'] },
      'allowedOrigins must hold origins such as https://game.example, got https://game.example/',
    ],
    [
      { allowedOrigins: ['*'] },
      'allowedOrigins must hold origins such as https://game.example, got *',
    ],
    [{ port: 65_536 }, 'port must be an integer from 0 to 65535, got 65536'],
    [{ operatorPort: -1 }, 'operatorPort must be an integer from 0 to 65535, got -1'],
    [{ port: 80.5 }, 'port must be an integer from 0 to 65535, got 80.5'],
    [{ rooms: { arena: 'ArenaRoom' } }, 'rooms.arena must be a room class, got ArenaRoom'],
    [{ redis: '127.0.0.1:6379' }, 'redis must be a redis:// or rediss:// URL, got 127.0.0.1:6379'],
    [{ redis: 'http://x' }, 'redis must be a redis:// or rediss:// URL, got http://x'],
  ] as [StartOptions, string][])('%o', async (options, message) => {
    await expect(startServer(options)).rejects.toThrow(new RangeError(message));
  });
});
