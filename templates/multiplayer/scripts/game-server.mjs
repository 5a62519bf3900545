#!/usr/bin/env node
/**
 * The game server as a process of its own: `node scripts/game-server.mjs`. Settings from the
 * environment: PORT (0 or unset: a free one), HOST (default 127.0.0.1), REDIS_URL (share rooms
 * with the other processes on that Redis), PUBLIC_ADDRESS (default HOST:PORT, where clients of
 * other processes reach this one), and the limits start.mjs reads (serverLimits). The
 * TypeScript is loaded through Vite, as `npm run dev` loads it, so there is no build step.
 * Prints one JSON line when listening (`{"port":…,"operatorPort":…,"processId":…}`) and stops
 * cleanly on SIGTERM or SIGINT.
 */
import { loadModules, serverLimits, stopOnSignals } from './vite-load.mjs';

const host = process.env.HOST || '127.0.0.1';
const { loader, modules } = await loadModules(
  '/src/server/server.ts',
  '/src/server/processes.ts',
  '/src/server/matchmake-route.ts',
);
const [{ startServer }, { freePort }, { forwardedFor }] = modules;
const port = Number(process.env.PORT) || (await freePort(host));
const game = await startServer({
  port,
  host,
  redis: process.env.REDIS_URL || undefined,
  publicAddress: process.env.PUBLIC_ADDRESS || `${host}:${port}`,
  ...serverLimits(forwardedFor),
});
const { operatorPort, processId } = game;
console.log(JSON.stringify({ port: game.port, operatorPort, processId }));
stopOnSignals(async () => {
  await game.stop();
  await loader.close();
});
