import { fileURLToPath } from 'node:url';
import { Client } from 'colyseus.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningSockets } from './listening-sockets.js';
import { type Cluster, type GameProcess, startCluster, startGameProcess } from './processes.js';
import { answered } from './test-matchmake.js';

/**
 * Game processes as a game runs them: test-game-server.mjs (serveFromEnv and a stand-in room,
 * from the built package: `pnpm build` first, as `pnpm test` does), a real redis-server.
 */
const game = { script: 'test-game-server.mjs', cwd: fileURLToPath(new URL('.', import.meta.url)) };

/** A client matched through `port`, recording the WebSocket URLs it is told to connect to. */
function clientVia(port: number, urls: URL[]): Client {
  return new Client(`http://127.0.0.1:${port}`, {
    urlBuilder: (url) => {
      if (url.protocol === 'ws:') urls.push(url);
      return url.href;
    },
  });
}

describe('a game process (serveFromEnv, as a game script runs it)', () => {
  let proc: GameProcess | undefined;
  beforeAll(async () => {
    proc = await startGameProcess(game, {
      HOST: '127.0.0.1',
      CREATES_PER_CLIENT: '3',
      TRUST_PROXY: '1',
      ALLOWED_ORIGINS: 'https://game.example,https://portal.example',
    });
  });
  afterAll(() => proc?.stop());

  it('listens where it is told and nowhere else', async () => {
    const { pid, port, operatorPort } = proc!;
    expect(await listeningSockets(pid)).toEqual(
      [`127.0.0.1:${port}`, `127.0.0.1:${operatorPort}`].sort(),
    );
  });

  it('takes its limits from the environment, and answers /stats on the operators’ port alone', async () => {
    const { port, operatorPort, processId } = proc!;
    const create = () =>
      fetch(`http://127.0.0.1:${port}/matchmake/create/arena`, { method: 'POST' });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await create()).status);
    expect(statuses).toEqual([200, 200, 200, 429]); // CREATES_PER_CLIENT=3
    const portal = await fetch(`http://127.0.0.1:${port}/matchmake/joinOrCreate/arena`, {
      method: 'POST',
      headers: { origin: 'https://portal.example' },
    });
    expect(portal.headers.get('access-control-allow-origin')).toBe('https://portal.example');
    expect((await fetch(`http://127.0.0.1:${port}/stats`)).status).toBe(404);
    const stats = await fetch(`http://127.0.0.1:${operatorPort}/stats`);
    expect(await stats.json()).toMatchObject({ processId, rooms: [] });
  });
});

describe('rooms across processes (Redis presence and driver, a real redis-server, two game processes)', () => {
  let cluster: Cluster | undefined;
  beforeAll(async () => {
    cluster = await startCluster({ ...game, count: 2 });
  }, 60_000);
  afterAll(() => cluster?.stop());

  it('matches a client that asks one process into a room living on the other', async () => {
    const urls: URL[] = [];
    const [a, b] = cluster!.processes as [GameProcess, GameProcess];
    const first = await clientVia(a.port, urls).create('arena');
    const owner = cluster!.processes.find((p) => urls[0]!.port === String(p.port))!;
    expect(urls[0]!.pathname).toBe(`/${owner.processId}/${first.roomId}`);
    const other = owner === a ? b : a;
    const second = await clientVia(other.port, urls).joinOrCreate('arena');
    expect(second.roomId).toBe(first.roomId);
    expect(urls[1]!.port).toBe(String(owner.port)); // matched by the other, connected to the owner
    expect(await answered(second)).toBe(first.roomId);
    await Promise.all([first.leave(), second.leave()]);
  });

  it('when a process dies, its clients are told and new players get a room on a live process', async () => {
    const urls: URL[] = [];
    const [a, b] = cluster!.processes as [GameProcess, GameProcess];
    const room = await clientVia(a.port, urls).create('arena');
    const owner = cluster!.processes.find((p) => urls[0]!.port === String(p.port))!;
    const survivor = owner === a ? b : a;
    const told = new Promise<number>((resolve) => room.onLeave(resolve));
    await owner.crash();
    expect(await told).toBe(1006);
    const next = await clientVia(survivor.port, urls).joinOrCreate('arena');
    expect(next.roomId).not.toBe(room.roomId);
    expect(urls[1]!.port).toBe(String(survivor.port));
    await next.leave();
  });
});
