import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { FAILOVER_BODY_BYTES, failover } from './failover.js';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A real HTTP server on loopback: started, and answering through `handle`. */
async function serve(handle: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handle);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A game server stand-in: names itself, echoes the method, path, Host and body it got. */
function echo(name: string, hits: string[]) {
  return serve((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      hits.push(name);
      res
        .writeHead(201, { 'x-server': name })
        .end(`${req.method} ${req.url} ${req.headers.host} ${body}`);
    });
  });
}

/** An address nothing listens on: a server started, then closed. */
async function deadAddress(): Promise<string> {
  const address = await serve(() => {});
  const server = servers.pop()!;
  await new Promise((resolve) => server.close(resolve));
  return address;
}

describe('failover: matchmaking through whichever game process answers', () => {
  it('forwards method, path, headers and body, and the answer as it came', async () => {
    const hits: string[] = [];
    const proxy = await serve(failover([await echo('a', hits)]));
    const response = await fetch(`${proxy}/matchmake/create/arena`, {
      method: 'POST',
      body: '{"x":1}',
    });
    expect([response.status, response.headers.get('x-server')]).toEqual([201, 'a']);
    expect(await response.text()).toBe(
      `POST /matchmake/create/arena ${new URL(proxy).host} {"x":1}`,
    );
  });

  it('passes over a target that is down, and stays with the one that answered', async () => {
    const hits: string[] = [];
    const dead = await deadAddress();
    const proxy = await serve(failover([dead, await echo('b', hits), await echo('c', hits)]));
    for (let i = 0; i < 3; i++) expect((await fetch(`${proxy}/m`)).status).toBe(201);
    expect(hits).toEqual(['b', 'b', 'b']);
  });

  it('answers 502 naming the targets when none answers, and 413 to a body it will not hold', async () => {
    const dead = [await deadAddress(), await deadAddress()];
    const proxy = await serve(failover(dead));
    const none = await fetch(`${proxy}/m`, { method: 'POST', body: '{}' });
    expect([none.status, await none.text()]).toEqual([
      502,
      `no game server answered (${dead.join(', ')})`,
    ]);
    const hits: string[] = [];
    const live = await serve(failover([await echo('a', hits)]));
    const big = await fetch(`${live}/m`, {
      method: 'POST',
      body: 'x'.repeat(FAILOVER_BODY_BYTES + 1),
    });
    expect([big.status, await big.text()]).toEqual([
      413,
      'a request body is at most 65536 bytes here',
    ]);
    const most = await fetch(`${live}/m`, {
      method: 'POST',
      body: 'x'.repeat(FAILOVER_BODY_BYTES),
    });
    expect(most.status).toBe(201);
    expect(hits).toEqual(['a']);
  });

  it('cuts the answer when its target dies after it began, trying no other', async () => {
    const hits: string[] = [];
    const dying = await serve((_req, res) => {
      res.writeHead(200, { 'content-length': '8' });
      res.write('half', () => res.destroy());
    });
    const proxy = await serve(failover([dying, await echo('b', hits)]));
    const port = Number(new URL(proxy).port);
    const status = await new Promise<number>((resolve) => {
      request({ host: '127.0.0.1', port, path: '/m' }, (res) => {
        res.on('error', () => resolve(res.statusCode ?? 0)).on('end', () => resolve(-1));
        res.resume();
      }).end();
    });
    expect(status).toBe(200);
    expect(hits).toEqual([]);
  });

  it('needs a target', () => {
    expect(() => failover([])).toThrow(
      new RangeError('failover needs at least one target, got none'),
    );
  });
});
