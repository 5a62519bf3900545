import { fileURLToPath } from 'node:url';
import { MSG_SNAPSHOT } from '@loop/net';
import { Client, type Room } from 'colyseus.js';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SnapshotCodec, type SnapshotHeader } from '../shared/snapshot';
import { World } from '../shared/world';
import { expectSnapshotsAt } from '../test-support/harness';
import { startCluster, type startGameProcess } from '../test-support/processes';
import type { ProcessStats } from './server';

type Proc = Awaited<ReturnType<typeof startGameProcess>>;

/** A client matched through `port`, recording the WebSocket URLs it is told to connect to. */
function clientVia(port: number, urls: URL[]): Client {
  return new Client(`http://127.0.0.1:${port}`, {
    urlBuilder: (url) => {
      if (url.protocol === 'ws:') urls.push(url);
      return url.href;
    },
  });
}

/** The seats a room's next snapshot shows taken. */
function seatsSeen(room: Room): Promise<number[]> {
  const world = new World();
  const header: SnapshotHeader = { tick: 0, ack: 0, missed: 0, slot: 0 };
  return new Promise((resolve) => {
    room.onMessage(MSG_SNAPSHOT, (bytes: Uint8Array) => {
      if (!new SnapshotCodec().decode(bytes, world, header)) return;
      if (world.present[0] === 1 && world.present[1] === 1) resolve([...world.present]);
    });
  });
}

/** Skipped where no redis-server was found and none is needed (src/e2e/tools.global-setup.ts). */
const noRedis = inject('redisServer') === null;

describe('rooms across processes (Redis presence and driver, a real redis-server, two game processes)', {
  skip: noRedis,
}, () => {
  let cluster: Awaited<ReturnType<typeof startCluster>> | undefined;
  let processes: Proc[] = [];

  beforeAll(async () => {
    cluster = await startCluster(2);
    processes = cluster.processes;
  });
  afterAll(() => cluster?.stop());

  it('matches a client that asks one process into a room living on the other, and both play in it', async () => {
    const urls: URL[] = [];
    const [a, b] = processes as [Proc, Proc];
    const first = await clientVia(a.port, urls).create('arena');
    const owner = processes.find((p) => urls[0]!.port === String(p.port))!;
    expect(urls[0]!.pathname).toBe(`/${owner.processId}/${first.roomId}`);
    const other = owner === a ? b : a;
    const second = await clientVia(other.port, urls).joinOrCreate('arena');
    expect(second.roomId).toBe(first.roomId);
    // Matched by the other process, connected straight to the owner.
    expect(urls[1]!.port).toBe(String(owner.port));
    expect(urls[1]!.pathname).toBe(`/${owner.processId}/${first.roomId}`);
    const seen = await Promise.all([seatsSeen(first), seatsSeen(second)]);
    expect(seen[0]).toEqual(seen[1]);
    await Promise.all([first.leave(), second.leave()]);
  });

  it('when a process dies, its clients are told (their connection closes) and new players get a room on a live process', async () => {
    const urls: URL[] = [];
    const [a, b] = processes as [Proc, Proc];
    const room = await clientVia(a.port, urls).create('arena');
    const owner = processes.find((p) => urls[0]!.port === String(p.port))!;
    const survivor = owner === a ? b : a;
    const told = new Promise<number>((resolve) => room.onLeave(resolve));
    await owner.crash();
    expect(await told).toBe(1006); // closed without a goodbye: the page tries to reconnect, then says so
    // Matchmaking finds the dead process's room gone (Colyseus's health check removes it).
    const next = await clientVia(survivor.port, urls).joinOrCreate('arena');
    expect(next.roomId).not.toBe(room.roomId);
    expect(urls[1]!.port).toBe(String(survivor.port));
    await next.leave();
  });
});

describe('rooms spread over processes, and any process matchmakes (a cluster of its own)', {
  skip: noRedis,
}, () => {
  let cluster: Awaited<ReturnType<typeof startCluster>> | undefined;
  beforeAll(async () => {
    cluster = await startCluster(2);
  }, 60_000);
  afterAll(() => cluster?.stop());

  it('spreads a burst of creations through one process over both (their counts a second stale)', async () => {
    const [a, b] = cluster!.processes as [Proc, Proc];
    const rooms: Room[] = [];
    for (let i = 0; i < 10; i++) {
      const room = await clientVia(a.port, []).create('arena');
      room.onMessage(MSG_SNAPSHOT, () => {});
      rooms.push(room);
    }
    const held = async (p: Proc) => {
      const stats = await fetch(`http://127.0.0.1:${p.operatorPort}/stats`);
      return ((await stats.json()) as ProcessStats).rooms.length;
    };
    const counts = [await held(a), await held(b)];
    // Colyseus's own choice read both counts as 0 through the burst: all 10 on one process.
    expect(counts[0]! + counts[1]!).toBe(10);
    expect(Math.max(...counts)).toBeLessThanOrEqual(6);
    await Promise.all(rooms.map((room) => room.leave()));
  });

  it('npm run dev:cluster: the page matchmakes through whichever process lives, the first one dead', async () => {
    const [first, second] = cluster!.processes as [Proc, Proc];
    const env = { ...process.env };
    Object.assign(process.env, {
      GAME_EXTERNAL: '1',
      GAME_PORT: String(first.port), // what dev:cluster set before: the first process alone
      GAME_PORTS: `${first.port},${second.port}`,
    });
    let vite: ViteDevServer | undefined;
    try {
      vite = await createServer({
        root: fileURLToPath(new URL('../..', import.meta.url)),
        configFile: fileURLToPath(new URL('../../vite.config.ts', import.meta.url)),
        logLevel: 'silent',
        server: { host: '127.0.0.1', port: 0, hmr: false, watch: null },
      });
      await vite.listen();
      const url = vite.resolvedUrls!.local[0]!;
      await expectSnapshotsAt(`${url}colyseus`);
      await first.crash();
      await expectSnapshotsAt(`${url}colyseus`); // matched by the second, its room there
      const fromPage = await fetch(`${url}colyseus/matchmake/joinOrCreate/arena`, {
        method: 'POST',
        headers: { origin: new URL(url).origin, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(fromPage.status).toBe(200); // the Host the page asked reaches the process
    } finally {
      process.env = env;
      await vite?.close();
    }
  }, 60_000);
});
