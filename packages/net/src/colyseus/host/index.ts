/**
 * The process and HTTP side of a Colyseus game server: startServer and what it wires
 * (matchmaking, creation gate, operators' routes, the built page), the environment a host sets,
 * and the processes a cluster, a dev script or a test starts.
 */
export {
  CreationGate,
  type CreationLimits,
  colyseusProcesses,
  matchmakingClient,
  type ProcessLoad,
  type ResolvedCreationLimits,
  resolveCreationLimits,
  SETTLE_MS,
} from './creation-gate.js';
export { hostOptionsFromEnv, serveFromEnv, stopOnSignals } from './env.js';
export { FAILOVER_BODY_BYTES, failover } from './failover.js';
export { listeningSockets } from './listening-sockets.js';
export {
  forwardedFor,
  type MatchmakeOptions,
  matchmakeRoute,
  type ResolvedMatchmakeOptions,
  resolveMatchmakeOptions,
} from './matchmake-route.js';
export {
  NO_ROOMS,
  type OperatorSource,
  operatorRoute,
  type ProcessStats,
  type RoomLoad,
} from './operator-route.js';
export { pageRoute } from './page-route.js';
export {
  type Cluster,
  type ClusterOptions,
  freePort,
  type GameProcess,
  type GameScript,
  type Started,
  startCluster,
  startGameProcess,
  startRedis,
} from './processes.js';
export { type GameServer, type RoomClass, type StartOptions, startServer } from './server.js';
