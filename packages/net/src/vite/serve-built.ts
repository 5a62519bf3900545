/// <reference types="node" />
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { hostOptionsFromEnv } from '../colyseus/host/env.js';
import type { GameServer, StartOptions } from '../colyseus/host/server.js';
import { loadModules } from './load-modules.js';

/** Settings of {@link serveBuilt}. */
export interface ServeBuiltOptions {
  /** The game's root folder. */
  root: string;
  /** The game's server module from the root (`/src/server/server.ts`), exporting `startServer`. */
  module: string;
  /** The built page's folder under the root; default `dist` (Vite's). */
  page?: string;
  /** The players' port; default PORT from `env`, else 3000. */
  port?: number;
  /** The interface; default HOST from `env`, else 0.0.0.0. */
  host?: string;
  /** Where PORT, HOST and the limits are read; default `process.env`. */
  env?: NodeJS.ProcessEnv;
}

/** What {@link serveBuilt} started: the server, the interface it listens on, and one stop. */
export interface ServedBuilt {
  readonly game: GameServer;
  readonly host: string;
  /** Stops the server, then the module loader. */
  stop(): Promise<void>;
}

/**
 * `npm start` for a Colyseus game in production on a Node host: one process serves the built
 * page and the game server on one port, so the page finds the game at its own `/colyseus` as
 * under `npm run dev`. Settings from the environment: PORT (default 3000; hosts set it), HOST
 * (default 0.0.0.0: every interface, as a host's router needs), and the operators' port and
 * matchmaking limits (hostOptionsFromEnv). The server's TypeScript is loaded through Vite
 * ({@link loadModules}, no dev server, no HMR socket), so there is no server build. Rejects
 * before anything listens when the page was never built.
 */
export async function serveBuilt(options: ServeBuiltOptions): Promise<ServedBuilt> {
  const env = options.env ?? process.env;
  const page = join(options.root, options.page ?? 'dist');
  if (!existsSync(join(page, 'index.html'))) {
    throw new Error(`no built page in ${page}; run npm run build first`);
  }
  const host = options.host ?? (env.HOST || '0.0.0.0');
  const port = options.port ?? (Number(env.PORT) || 3000);
  const { loader, modules } = await loadModules(options.root, options.module);
  const startServer = modules[0].startServer as (o: StartOptions) => Promise<GameServer>;
  let game: GameServer;
  try {
    game = await startServer({ port, host, page, ...hostOptionsFromEnv(env) });
  } catch (error) {
    await loader.close();
    throw error;
  }
  return {
    game,
    host,
    async stop() {
      await game.stop();
      await loader.close();
    },
  };
}
