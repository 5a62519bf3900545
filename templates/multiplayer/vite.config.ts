import { createServer } from 'node:net';
import type { Plugin } from 'vite';
import { defineConfig } from 'vite';
import type { GameServer } from './src/server/server';

/** Where the page finds the game server: the same origin, under this path. */
const GAME_PATH = '/colyseus';

/** A free loopback port (the game server takes it a moment later), or GAME_PORT when set. */
function freePort(): Promise<number> {
  if (process.env.GAME_PORT) return Promise.resolve(Number(process.env.GAME_PORT));
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The game server of this process, kept across Vite's restarts (an edit of this file, `r`). */
const running = globalThis as { arenaGame?: Promise<GameServer> };

/**
 * `npm run dev` is one command and one URL: this plugin starts the Colyseus game server inside
 * Vite's own process, its TypeScript loaded through Vite (`ssrLoadModule`), on a loopback
 * port, and Vite proxies GAME_PATH to it, HTTP matchmaking and WebSockets both. Colyseus's
 * matchmaker is one per process, so the server is started once and kept when Vite restarts;
 * it ends with the process. After an edit under src/server/, stop `npm run dev` and start it
 * again; the page hot-reloads as usual.
 */
function gameServer(): Plugin {
  let port = 0;
  return {
    name: 'arena-game-server',
    apply: 'serve',
    async config() {
      port = running.arenaGame ? (await running.arenaGame).port : await freePort();
      const target = `http://127.0.0.1:${port}`;
      const rewrite = (path: string) => path.slice(GAME_PATH.length) || '/';
      return { server: { proxy: { [GAME_PATH]: { target, ws: true, rewrite } } } };
    },
    async configureServer(server) {
      if (running.arenaGame) return;
      const { startServer } = (await server.ssrLoadModule('/src/server/server.ts')) as {
        startServer: (options: { port: number }) => Promise<GameServer>;
      };
      running.arenaGame = startServer({ port });
      await running.arenaGame;
    },
  };
}

export default defineConfig({ plugins: [gameServer()] });
