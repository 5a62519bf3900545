/// <reference types="node" />
import type { Plugin, ViteDevServer } from 'vite';
import { failover } from '../colyseus/host/failover.js';
import { freePort } from '../colyseus/host/processes.js';
import type { GameServer } from '../colyseus/host/server.js';

/** Settings of {@link gameServer}. */
export interface GameServerPluginOptions {
  /**
   * The game's server module, from the project's root (`/src/server/server.ts`): it exports a
   * `startServer(options: { port: number })` that resolves to @loop/net's GameServer.
   */
  module: string;
  /** Where the page finds the game server on the dev server's own origin; default `/colyseus`. */
  path?: string;
  /**
   * Ports of game processes already running (`npm run dev:cluster`): the plugin starts nothing
   * and sends `path` to them instead. Default: GAME_PORTS (comma-separated; or GAME_PORT) when
   * GAME_EXTERNAL is `1`, else none.
   */
  external?: readonly (string | number)[];
  /** The port of the in-process server; default GAME_PORT, else a free one. */
  port?: number;
}

/** A game's startServer, as {@link gameServer} loads it through Vite. */
type StartServer = (options: { port: number }) => Promise<GameServer>;

/** The game server of this process, kept across Vite's restarts (an edit of vite.config.ts, `r`). */
const running = globalThis as { loopNetGameServer?: Promise<GameServer> };

/**
 * The game server {@link gameServer} started in this process, if any: for a test that starts
 * Vite and must stop the server after it (it outlives Vite's restarts, and so Vite's close).
 */
export function devGameServer(): Promise<GameServer> | undefined {
  return running.loopNetGameServer;
}

/** The ports {@link GameServerPluginOptions.external} names, or undefined for an in-process server. */
function externalPorts(options: GameServerPluginOptions): string[] | undefined {
  if (options.external) return options.external.map(String);
  if (process.env.GAME_EXTERNAL !== '1') return undefined;
  return (process.env.GAME_PORTS ?? process.env.GAME_PORT ?? '').split(',').filter(Boolean);
}

/**
 * `npm run dev` as one command and one URL for a Colyseus game: this Vite plugin starts the
 * game's server inside Vite's own process (its TypeScript loaded through Vite,
 * `ssrLoadModule`) on a loopback port, and Vite proxies `path` to it, HTTP matchmaking and
 * WebSockets both. Colyseus's matchmaker is one per process, so the server is started once and
 * kept when Vite restarts; it ends with the process (after an edit of the server, restart
 * `npm run dev`; the page hot-reloads as usual). With `external` ports it starts nothing:
 * matchmaking goes to whichever process answers ({@link failover}), so any live process of a
 * cluster will do, and WebSockets to the first.
 */
export function gameServer(options: GameServerPluginOptions): Plugin {
  const path = options.path ?? '/colyseus';
  if (!path.startsWith('/')) throw new RangeError(`path must start with /, got ${path}`);
  let port = 0;
  let external: string[] | undefined;
  return {
    name: 'loop-net-game-server',
    apply: 'serve',
    async config() {
      external = externalPorts(options);
      port = external
        ? Number(external[0])
        : running.loopNetGameServer
          ? (await running.loopNetGameServer).port
          : (options.port ?? (Number(process.env.GAME_PORT) || (await freePort())));
      const target = `http://127.0.0.1:${port}`;
      const rewrite = (p: string) => p.slice(path.length) || '/';
      return { server: { proxy: { [path]: { target, ws: true, rewrite } } } };
    },
    async configureServer(server: ViteDevServer) {
      if (external) {
        // Before Vite's own proxy: it then carries the WebSockets alone.
        const forward = failover(external.map((p) => `http://127.0.0.1:${p}`));
        server.middlewares.use(path, (req, res) => void forward(req, res));
        return;
      }
      if (running.loopNetGameServer) return;
      const loaded = (await server.ssrLoadModule(options.module)) as { startServer?: StartServer };
      if (typeof loaded.startServer !== 'function') {
        throw new RangeError(`module must export startServer, got ${options.module}`);
      }
      running.loopNetGameServer = loaded.startServer({ port });
      await running.loopNetGameServer;
    },
  };
}
