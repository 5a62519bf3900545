/**
 * `@loop/net/vite`: a Colyseus game under Vite, in Node. The dev server's plugin that runs the
 * game server in Vite's own process behind one URL (or sends that URL to a cluster's
 * processes), the loader a game's scripts run its TypeScript through with no build step, and
 * those scripts in one call (`runGameScript`: `npm start`, a cluster's process, `dev:cluster`,
 * the load test), so a game keeps one line of each. Vite is an optional peer: only a game that uses this entry needs it.
 *
 * @module @loop/net/vite
 */

export {
  GAME_COMMANDS,
  type GameScriptsOptions,
  type LoadGame,
  type RunningScript,
  runGameScript,
} from './game-scripts.js';
export { devGameServer, type GameServerPluginOptions, gameServer } from './game-server-plugin.js';
export { type LoadedModules, loadModules } from './load-modules.js';
export { type ServeBuiltOptions, type ServedBuilt, serveBuilt } from './serve-built.js';
