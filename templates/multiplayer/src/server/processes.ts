import { fileURLToPath } from 'node:url';
import {
  type Cluster,
  type GameProcess,
  startGameProcess as startGame,
  startCluster as startGameCluster,
} from '@loop/net/colyseus';
import { redisServerPath } from '../e2e/find-redis';

/**
 * This game's processes, over @loop/net's: its server script (scripts/game-server.mjs, which
 * runs @loop/net's serveFromEnv with the arena) and the `redis-server` found the usual ways
 * (src/e2e/find-redis.ts). What `npm run dev:cluster`, the load test and the e2e tests start.
 */
export { freePort, listeningSockets } from '@loop/net/colyseus';

/** The template's root folder: where scripts/game-server.mjs runs from. */
const root = fileURLToPath(new URL('../..', import.meta.url));
const game = { script: 'scripts/game-server.mjs', cwd: root };

/** A game server process of this game, given `env`: its ports and process id once it listens. */
export function startGameProcess(env: Record<string, string> = {}): Promise<GameProcess> {
  return startGame(game, env);
}

/**
 * A Redis and `count` game processes of this game sharing it, each given `env` too
 * (startServer's limits as @loop/net's hostOptionsFromEnv reads them).
 */
export function startCluster(count = 2, env: Record<string, string> = {}): Promise<Cluster> {
  return startGameCluster({ ...game, count, env, redisServer: redisServerPath() });
}
