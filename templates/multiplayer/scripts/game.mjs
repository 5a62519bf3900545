#!/usr/bin/env node
/**
 * The arena's scripts, one line each in package.json: `npm start`, `npm run dev:cluster`, `npm
 * run bench:load` and `bench:rooms`, and `process` (a cluster's game process). They are
 * @loop/net/vite's runGameScript with this game's server and load test modules, loaded through
 * Vite (no build step; install with dev dependencies). What each reads from the environment is
 * in the README's "Scripts and tests".
 */
import { runGameScript } from '@loop/net/vite';

await runGameScript(process.argv.slice(2), {
  root: new URL('..', import.meta.url),
  server: '/src/server/server.ts',
  load: '/src/bench/load.ts',
});
