#!/usr/bin/env node
/**
 * `npm start`: the game in production, on a Node host: @loop/net's serveBuilt serves the built
 * page (`dist/`, from `npm run build`) and the game server on one port, so the page finds the
 * game at its own `/colyseus`, as under `npm run dev`. A static host cannot run this: the rooms
 * step the simulation on the server. Settings from the environment: PORT (default 3000), HOST
 * (default 0.0.0.0), the operators' port (/stats, /recording: OPERATOR_PORT, default a free one,
 * on OPERATOR_HOST, default 127.0.0.1) and the matchmaking limits (ALLOWED_ORIGINS and the rest).
 * The server's TypeScript is loaded through Vite, so install with dev dependencies.
 */
import { fileURLToPath } from 'node:url';
import { stopOnSignals } from '@loop/net/colyseus';
import { serveBuilt } from '@loop/net/vite';

const root = fileURLToPath(new URL('..', import.meta.url));
// Hosts set PORT themselves; HOST and the limits are read by serveBuilt.
const port = Number(process.env.PORT) || 3000;
const served = await serveBuilt({ root, module: '/src/server/server.ts', port }).catch((error) => {
  console.error(`npm start: ${error.message}`);
  process.exit(1);
});
const { game, host } = served;
console.log(`arena: the page and the game server on http://${host}:${game.port}/`);
const operators = `http://${process.env.OPERATOR_HOST || '127.0.0.1'}:${game.operatorPort}/`;
console.log(`arena: operators' /stats and /recording on ${operators}`);
stopOnSignals(served.stop);
