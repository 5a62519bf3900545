import { request } from 'node:http';
import { type AuthContext, matchMaker, Room as ServerRoom } from '@colyseus/core';
import { Client, type Room } from 'colyseus.js';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG_PONG, MSG_SNAPSHOT } from '../shared/protocol';
import { forwardedFor, resolveMatchmakeOptions } from './matchmake-route';
import { type GameServer, type StartOptions, startServer } from './server';

let game: GameServer | undefined;
afterEach(async () => {
  await game?.stop();
  game = undefined;
});

async function start(options: StartOptions = {}): Promise<string> {
  game = await startServer(options);
  return `http://127.0.0.1:${game.port}`;
}

/** A room whose messages are taken and dropped (the tests here read only matchmaking). */
function quiet(room: Room): Room {
  room.onMessage(MSG_SNAPSHOT, () => {});
  room.onMessage(MSG_PONG, () => {});
  return room;
}

/** A matchmaking POST as a browser's page sends it, from `origin`. */
function post(address: string, path: string, origin?: string, body = '{}') {
  return fetch(`${address}/matchmake/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
    body,
  });
}

describe('matchmaking CORS: the game’s own origin, and those allowed by name', () => {
  it('refuses a page of another site (403, no CORS grant) and grants its own origin', async () => {
    const address = await start();
    const foreign = await post(address, 'joinOrCreate/arena', 'https://evil.example');
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(await foreign.json()).toEqual({
      code: 403,
      error: 'origin https://evil.example may not matchmake here (allowedOrigins)',
    });
    const preflight = await fetch(`${address}/matchmake/joinOrCreate/arena`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    // The page's own origin: the Host it asked (here the server's address).
    const own = await post(address, 'joinOrCreate/arena', address);
    expect(own.status).toBe(200);
    expect(own.headers.get('access-control-allow-origin')).toBe(address);
    expect(own.headers.get('access-control-allow-credentials')).toBe('true');
    expect(own.headers.get('vary')).toBe('Origin');
    expect(await own.json()).toMatchObject({ room: { name: 'arena' } });
  });

  it('grants an allowed origin, preflight included, and a request with no Origin (not a page)', async () => {
    const address = await start({ allowedOrigins: ['https://game.example'] });
    const preflight = await fetch(`${address}/matchmake/joinOrCreate/arena`, {
      method: 'OPTIONS',
      headers: { origin: 'https://game.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(Object.fromEntries(preflight.headers)).toMatchObject({
      'access-control-allow-origin': 'https://game.example',
      'access-control-allow-methods': 'POST, OPTIONS',
      'access-control-allow-headers': 'Content-Type, Accept, Authorization',
      'access-control-max-age': '600',
    });
    const allowed = await post(address, 'joinOrCreate/arena', 'https://game.example');
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://game.example');
    const bot = await post(address, 'joinOrCreate/arena');
    expect([bot.status, bot.headers.get('access-control-allow-origin')]).toEqual([200, null]);
    // Another port of the same host is another origin.
    const other = await post(address, 'joinOrCreate/arena', 'https://game.example:8443');
    expect(other.status).toBe(403);
    expect((await post(address, 'joinOrCreate/arena', 'not a url')).status).toBe(403);
  });

  it('answers another method with 405 and Colyseus’s own errors as colyseus.js reads them', async () => {
    const address = await start();
    const get = await fetch(`${address}/matchmake/joinOrCreate/arena`);
    expect([get.status, (await get.json()).error]).toEqual([
      405,
      'GET is not a matchmaking method; POST is',
    ]);
    const unknown = await post(address, 'joinOrCreate/nowhere');
    expect(unknown.status).toBe(200); // Colyseus's own answer to its own errors
    expect(await unknown.json()).toMatchObject({ error: expect.stringContaining('nowhere') });
    await expect(new Client(address).joinOrCreate('nowhere')).rejects.toThrow(/nowhere/);
  });
});

describe("Colyseus's matchmaker, as its own handler called it", () => {
  it('passes the method and room from the path, a Bearer token and the client address', async () => {
    const seen: unknown[] = [];
    class Probe extends ServerRoom {
      static override async onAuth(token: string, options: unknown, context: AuthContext) {
        seen.push([token, options, context.ip, context.headers['x-probe']]);
        return true;
      }
    }
    const address = await start();
    game!.server.define('probe', Probe);
    const send = (authorization?: string) =>
      fetch(`${address}/matchmake/create/probe`, {
        method: 'POST',
        headers: { 'x-probe': 'p', ...(authorization ? { authorization } : {}) },
        body: '{"a":1}',
      });
    for (const authorization of ['Bearer abc', 'Basic abc', undefined]) {
      expect((await send(authorization)).status).toBe(200);
    }
    expect(seen).toEqual([
      ['abc', { a: 1 }, '127.0.0.1', 'p'],
      [undefined, { a: 1 }, '127.0.0.1', 'p'],
      [undefined, { a: 1 }, '127.0.0.1', 'p'],
    ]);
  });

  it('leaves a missing method or room to Colyseus, which names it', async () => {
    const address = await start();
    const none = await (await fetch(`${address}/matchmake`, { method: 'POST', body: '{}' })).json();
    expect(none.error).toBe('invalid method ""');
    const noRoom = await (await post(address, 'create')).json();
    expect(noRoom.error).toContain('""');
  });
});

describe('the matchmaking body: at most maxBodyBytes, JSON', () => {
  it('refuses a body declared too large at once, with 413 and the reason', async () => {
    const address = await start({ maxBodyBytes: 64 });
    const response = await post(
      address,
      'create/arena',
      undefined,
      `{"x":"${'a'.repeat(16 << 20)}"}`,
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      code: 413,
      error: 'a matchmaking body is at most 64 bytes (maxBodyBytes)',
    });
    // The connection closes after the refusal: the rest of the body is never read.
    expect(response.headers.get('connection')).toBe('close');
    expect(game!.gate.limits).toBeDefined();
  });

  it('takes a body of exactly maxBodyBytes, declared or streamed', async () => {
    const address = await start({ maxBodyBytes: 64 });
    const body = `{"x":"${'a'.repeat(56)}"}`;
    expect(body).toHaveLength(64);
    expect((await post(address, 'create/arena', undefined, body)).status).toBe(200);
    expect((await post(address, 'create/arena', undefined, `${body} `)).status).toBe(413);
    const streamed = await new Promise<number>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: game!.port, method: 'POST', path: '/matchmake/create/arena' },
        (response) => resolve(response.resume().statusCode ?? 0),
      ).on('error', reject);
      req.write(body.slice(0, 32)); // chunked: no content-length
      req.end(body.slice(32));
    });
    expect(streamed).toBe(200);
  });

  it('refuses a streamed body as it passes the limit, reading no further', async () => {
    await start({ maxBodyBytes: 1024 });
    const { status, body, written } = await new Promise<{
      status: number;
      body: string;
      written: number;
    }>((resolve, reject) => {
      let written = 0;
      let answered = false;
      const req = request(
        { host: '127.0.0.1', port: game!.port, method: 'POST', path: '/matchmake/create/arena' },
        (response) => {
          answered = true;
          let body = '';
          response.setEncoding('utf8').on('data', (chunk: string) => {
            body += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body, written }));
        },
      );
      req.on('error', (error) => (answered ? undefined : reject(error)));
      const chunk = Buffer.alloc(512, 0x20); // chunked: no content-length to refuse it by
      const more = () => {
        while (!answered && written < 64 << 20) {
          written += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', more);
        }
      };
      more();
    });
    expect(status).toBe(413);
    expect(JSON.parse(body).error).toBe('a matchmaking body is at most 1024 bytes (maxBodyBytes)');
    expect(written).toBeLessThan(64 << 20); // answered long before the client stopped on its own
  });

  it('refuses a body that is not JSON with 400, and takes an empty one as no options', async () => {
    const address = await start();
    const bad = await post(address, 'create/arena', undefined, '{"x":');
    expect([bad.status, await bad.json()]).toEqual([
      400,
      { code: 400, error: 'the matchmaking body is not JSON' },
    ]);
    const empty = await post(address, 'create/arena', undefined, '');
    expect(empty.status).toBe(200);
    expect(await empty.json()).toMatchObject({ room: { name: 'arena' } });
  });

  it('refuses join options that checkOptions finds wrong, with its reason (400)', async () => {
    const seen: [string, unknown][] = [];
    const address = await start({
      checkOptions: (room, options) => {
        seen.push([room, options]);
        return (options as { bad?: boolean }).bad ? 'bad is not an option' : undefined;
      },
    });
    const bad = await post(address, 'create/arena', undefined, '{"bad":true}');
    expect([bad.status, await bad.json()]).toEqual([
      400,
      { code: 400, error: 'bad is not an option' },
    ]);
    expect((await post(address, 'create/arena')).status).toBe(200);
    expect(seen).toEqual([
      ['arena', { bad: true }],
      ['arena', {}],
    ]);
  });
});

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
    const http = (game!.server.transport as unknown as { server: import('node:http').Server })
      .server;
    await game!.stop(); // the operators' port; Colyseus's shutdown already ran
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
    game = undefined;
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
  ] as [StartOptions, string][])('%o', async (options, message) => {
    await expect(startServer(options)).rejects.toThrow(new RangeError(message));
  });
});
