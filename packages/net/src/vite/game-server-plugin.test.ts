import { fileURLToPath } from 'node:url';
import { Client } from 'colyseus.js';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../colyseus/host/processes.js';
import { devGameServer, type GameServerPluginOptions, gameServer } from './game-server-plugin.js';
import { loadModules } from './load-modules.js';

const root = fileURLToPath(new URL('./test-fixture/', import.meta.url));

/** A Vite dev server on a free loopback port with the plugin; its URL. */
async function startVite(options: GameServerPluginOptions): Promise<[ViteDevServer, string]> {
  const vite = await createServer({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [gameServer(options)],
    server: { host: '127.0.0.1', port: 0, hmr: false, watch: null },
  });
  await vite.listen();
  return [vite, vite.resolvedUrls!.local[0]!];
}

/** Joins `arena` at `endpoint` as a page does, pings and returns the room id the pong names. */
async function pingThrough(endpoint: string): Promise<string> {
  const room = await new Client(endpoint).joinOrCreate('arena');
  const pong = new Promise<string>((resolve) => room.onMessage('pong', resolve));
  room.send('ping');
  const id = await pong;
  expect(id).toBe(room.roomId);
  await room.leave();
  return id;
}

/** POSTs a matchmaking request through `url`'s game path from `origin`: its status. */
async function matchmake(url: string, origin: string): Promise<number> {
  const response = await fetch(`${url}colyseus/matchmake/joinOrCreate/arena`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: '{}',
  });
  await response.arrayBuffer();
  return response.status;
}

describe('gameServer: the game server inside `vite` dev, behind one URL (real Vite, real Colyseus)', () => {
  afterAll(async () => {
    await (await devGameServer())?.stop();
  });

  it('starts the module’s server once, proxies /colyseus to it (HTTP and WebSockets), and keeps it across restarts', async () => {
    expect(devGameServer()).toBeUndefined();
    const [vite, url] = await startVite({ module: '/test-server.ts' });
    try {
      expect(await (await fetch(url)).text()).toContain("a game's page");
      await pingThrough(`${url}colyseus`);
      // The page's own origin passes the proxy (it keeps the Host the page asked); another's not.
      expect(await matchmake(url, new URL(url).origin)).toBe(200);
      expect(await matchmake(url, 'https://evil.example')).toBe(403);
    } finally {
      await vite.close();
    }
    const first = await devGameServer()!;
    const [again, url2] = await startVite({ module: '/test-server.ts' });
    try {
      expect(await devGameServer()!).toBe(first);
      await pingThrough(`${url2}colyseus`);
    } finally {
      await again.close();
    }
  });

  it('with external ports starts nothing: matchmaking to whichever answers, WebSockets to the first', async () => {
    const live = (await devGameServer()!).port;
    const dead = await freePort();
    const [vite, url] = await startVite({ module: '/none.ts', external: [live], path: '/game' });
    const [passOver, url2] = await startVite({ module: '/none.ts', external: [dead, live] });
    try {
      await pingThrough(`${url}game`);
      // The dead one listed first: matchmaking passes it over (failover), so joins still start.
      expect(await matchmake(url2, new URL(url2).origin)).toBe(200);
    } finally {
      await Promise.all([vite.close(), passOver.close()]);
    }
  });

  it('checks its path: a RangeError naming the option and its value', () => {
    expect(() => gameServer({ module: '/x.ts', path: 'colyseus' })).toThrow(
      new RangeError('path must start with /, got colyseus'),
    );
  });
});

describe('loadModules: a game’s TypeScript through Vite, for scripts with no build step', () => {
  it('loads the modules in order and closes cleanly; a module that fails closes its loader', async () => {
    const { loader, modules } = await loadModules(root, '/test-server.ts', '/test-server.ts');
    expect(typeof modules[0].startServer).toBe('function');
    expect(modules[1]).toBe(modules[0]);
    await loader.close();
    await expect(loadModules(root, '/missing.ts')).rejects.toThrow();
  });
});
