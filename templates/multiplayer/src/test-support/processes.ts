import { fileURLToPath } from 'node:url';
import { redisServerPath } from '@loop/core/e2e';
import {
  type Cluster,
  type GameProcess,
  startGameProcess as startGame,
  startCluster as startGameCluster,
} from '@loop/net/colyseus';

export { listeningSockets } from '@loop/net/colyseus';

/** This game's process: `scripts/game.mjs process` in the template's root folder. */
const game = {
  script: 'scripts/game.mjs',
  args: ['process'],
  cwd: fileURLToPath(new URL('../..', import.meta.url)),
};

/** Test support: a game server process of this game, given `env`, once it listens. */
export function startGameProcess(env: Record<string, string> = {}): Promise<GameProcess> {
  return startGame(game, env);
}

/**
 * Test support: a Redis (found by @loop/core/e2e's findRedisServer) and `count` processes of this
 * game sharing it, each given `env` too, as `npm run dev:cluster` starts them.
 */
export function startCluster(count = 2, env: Record<string, string> = {}): Promise<Cluster> {
  return startGameCluster({ ...game, count, env, redisServer: redisServerPath() });
}
