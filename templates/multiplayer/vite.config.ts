import { failover, freePort } from '@loop/net/colyseus';
import type { Plugin } from 'vite';
import { defineConfig } from 'vite';
import type { GameServer } from './src/server/server';

/** Where the page finds the game server: the same origin, under this path. */
const GAME_PATH = '/colyseus';

/** The game server of this process, kept across Vite's restarts (an edit of this file, `r`). */
const running = globalThis as { arenaGame?: Promise<GameServer> };

/**
 * `npm run dev` is one command and one URL: this plugin starts the Colyseus game server inside
 * Vite's own process, its TypeScript loaded through Vite (`ssrLoadModule`), on a loopback
 * port, and Vite proxies GAME_PATH to it, HTTP matchmaking and WebSockets both. Colyseus's
 * matchmaker is one per process, so the server is started once and kept when Vite restarts;
 * it ends with the process. After an edit under src/server/, stop `npm run dev` and start it
 * again; the page hot-reloads as usual. With GAME_EXTERNAL=1 it starts nothing and sends
 * GAME_PATH to the game processes on GAME_PORTS (comma-separated; or the one on GAME_PORT):
 * matchmaking to whichever answers (@loop/net's failover), so any live process of `npm run
 * dev:cluster` (scripts/dev-cluster.mjs) will do, and WebSockets to the first.
 */
function gameServer(): Plugin {
  let port = 0;
  let external: string[] | undefined;
  return {
    name: 'arena-game-server',
    apply: 'serve',
    async config() {
      const ports = process.env.GAME_PORTS ?? process.env.GAME_PORT ?? '';
      external = process.env.GAME_EXTERNAL === '1' ? ports.split(',').filter(Boolean) : undefined;
      port = external
        ? Number(external[0])
        : running.arenaGame
          ? (await running.arenaGame).port
          : Number(process.env.GAME_PORT) || (await freePort());
      const target = `http://127.0.0.1:${port}`;
      const rewrite = (path: string) => path.slice(GAME_PATH.length) || '/';
      return { server: { proxy: { [GAME_PATH]: { target, ws: true, rewrite } } } };
    },
    async configureServer(server) {
      if (external) {
        // Before Vite's own proxy: it then carries the WebSockets alone.
        const forward = failover(external.map((p) => `http://127.0.0.1:${p}`));
        server.middlewares.use(GAME_PATH, (req, res) => void forward(req, res));
        return;
      }
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
