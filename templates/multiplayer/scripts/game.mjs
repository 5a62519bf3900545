#!/usr/bin/env node
/**
 * The arena's scripts: `npm start` (no command: the built page and the game server on PORT),
 * `npm run dev:cluster` (cluster), `npm run bench:load` and `bench:rooms` (load), and a
 * cluster's game process (process). They are @loop/net/vite's runGameScript with this game's
 * server and load test modules, loaded through Vite (no build step; install with dev
 * dependencies); the README's "Scripts and tests" says what each reads from the environment.
 */
import { runGameScript } from '@loop/net/vite';

await runGameScript(process.argv.slice(2), {
  root: new URL('..', import.meta.url),
  server: '/src/server/server.ts',
  load: '/src/bench/load.ts',
  port: Number(process.env.PORT) || 3000, // hosts set PORT themselves
});
