#!/usr/bin/env node
import { fileURLToPath } from 'node:url';
/**
 * The game server as a process of its own: `node scripts/game-server.mjs`. @loop/net's
 * serveFromEnv runs it with this game's rooms: settings from the environment, PORT (0 or unset:
 * a free one), HOST (default 127.0.0.1), REDIS_URL (share rooms with the other processes on
 * that Redis), PUBLIC_ADDRESS (default HOST:PORT, where clients of other processes reach this
 * one), and the limits start.mjs reads (hostOptionsFromEnv). The game's TypeScript is loaded
 * through Vite, as `npm run dev` loads it, so there is no build step. Prints one JSON line when
 * listening (`{"port":…,"operatorPort":…,"processId":…}`) and stops cleanly on SIGTERM or SIGINT.
 */
import { serveFromEnv } from '@loop/net/colyseus';
import { loadModules } from '@loop/net/vite';

const root = fileURLToPath(new URL('..', import.meta.url));

const { loader, modules } = await loadModules(root, '/src/server/server.ts');
await serveFromEnv(modules[0].arenaHost(), () => loader.close());
