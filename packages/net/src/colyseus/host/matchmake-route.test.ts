import { request } from 'node:http';
import { type AuthContext, Room as ServerRoom } from '@colyseus/core';
import { Client } from 'colyseus.js';
import { describe, expect, it } from 'vitest';
import { post, running, start, stopServersAfterEach } from './test-matchmake.js';

stopServersAfterEach();

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
    running()!.server.define('probe', Probe);
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
    expect(running()!.gate.limits).toBeDefined();
  });

  it('takes a body of exactly maxBodyBytes, declared or streamed', async () => {
    const address = await start({ maxBodyBytes: 64 });
    const body = `{"x":"${'a'.repeat(56)}"}`;
    expect(body).toHaveLength(64);
    expect((await post(address, 'create/arena', undefined, body)).status).toBe(200);
    expect((await post(address, 'create/arena', undefined, `${body} `)).status).toBe(413);
    const streamed = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: running()!.port,
          method: 'POST',
          path: '/matchmake/create/arena',
        },
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
        {
          host: '127.0.0.1',
          port: running()!.port,
          method: 'POST',
          path: '/matchmake/create/arena',
        },
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
