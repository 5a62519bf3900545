#!/usr/bin/env node
/**
 * `npm start`: the game in production, on a Node host. One process serves the built page
 * (`dist/`, from `npm run build`) and the Colyseus game server on one port, so the page finds
 * the game at its own `/colyseus`, as under `npm run dev`. A static host cannot run this: the
 * rooms step the simulation on the server. Settings from the environment: PORT (default 3000;
 * hosts set it), HOST (default 0.0.0.0: every interface, as a host's router needs), the
 * operators' port (/stats, /recording: OPERATOR_PORT, default a free one, on OPERATOR_HOST,
 * default 127.0.0.1) and the matchmaking limits (ALLOWED_ORIGINS and the rest: @loop/net's
 * hostOptionsFromEnv). The server's TypeScript is loaded through Vite (with no dev server, no HMR
 * socket), as `npm run dev` loads it, so install with dev dependencies. Prints two lines when
 * listening and stops cleanly on SIGTERM or SIGINT.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hostOptionsFromEnv, stopOnSignals } from '@loop/net/colyseus';
import { loadModules } from '@loop/net/vite';

const root = fileURLToPath(new URL('..', import.meta.url));

const page = join(root, 'dist');
if (!existsSync(join(page, 'index.html'))) {
  console.error(`npm start: no built page in ${page}; run npm run build first`);
  process.exit(1);
}
const host = process.env.HOST || '0.0.0.0';
const port = Number(process.env.PORT) || 3000;
const { loader, modules } = await loadModules(root, '/src/server/server.ts');
const [{ startServer }] = modules;
const game = await startServer({ port, host, page, ...hostOptionsFromEnv() });
console.log(`arena: the page and the game server on http://${host}:${game.port}/`);
console.log(
  `arena: operators' /stats and /recording on http://${process.env.OPERATOR_HOST || '127.0.0.1'}:${game.operatorPort}/`,
);
stopOnSignals(async () => {
  await game.stop();
  await loader.close();
});
