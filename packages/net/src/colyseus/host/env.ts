/// <reference types="node" />
import { forwardedFor } from './matchmake-route.js';
import { freePort } from './processes.js';
import { type GameServer, type StartOptions, startServer } from './server.js';

/**
 * startServer's operator port and matchmaking limits from the environment, unset ones left to
 * its defaults (so a host sets them without a code change): OPERATOR_PORT (0: a free one),
 * OPERATOR_HOST (default 127.0.0.1), ALLOWED_ORIGINS (comma-separated origins besides the
 * page's own), MAX_BODY_BYTES, CREATES_PER_CLIENT (rooms one address may make a window),
 * MAX_ROOMS_PER_PROCESS, and TRUST_PROXY=1 behind a proxy (players counted by the address it
 * adds to X-Forwarded-For: {@link forwardedFor}). A value that is no number reaches startServer
 * as NaN, which refuses it with a RangeError naming the option.
 */
export function hostOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): StartOptions {
  const number = (name: string) => (env[name] ? Number(env[name]) : undefined);
  const options: StartOptions = {
    operatorPort: number('OPERATOR_PORT'),
    operatorHost: env.OPERATOR_HOST || undefined,
    allowedOrigins: env.ALLOWED_ORIGINS?.split(',').filter(Boolean),
    maxBodyBytes: number('MAX_BODY_BYTES'),
    createsPerClient: number('CREATES_PER_CLIENT'),
    maxRoomsPerProcess: number('MAX_ROOMS_PER_PROCESS'),
    clientAddress: env.TRUST_PROXY === '1' ? forwardedFor : undefined,
  };
  for (const key of Object.keys(options) as (keyof StartOptions)[]) {
    if (options[key] === undefined) delete options[key];
  }
  return options;
}

/**
 * Runs `stop` once on the first SIGINT or SIGTERM, then exits: what a long-running script
 * wants, and what startServer itself never does (a test process is never exited by it).
 */
export function stopOnSignals(stop: () => Promise<void>): void {
  let stopping = false;
  const once = async () => {
    if (stopping) return;
    stopping = true;
    await stop();
    process.exit(0);
  };
  process.on('SIGINT', once);
  process.on('SIGTERM', once);
}

/**
 * A game server as a process of its own (one of a cluster, what startGameProcess runs): the
 * game's `options` plus the environment's PORT (0 or unset: a free one), HOST (default
 * 127.0.0.1), REDIS_URL (share rooms with the other processes on that Redis), PUBLIC_ADDRESS
 * (default HOST:PORT, where clients of other processes reach this one) and
 * {@link hostOptionsFromEnv}'s limits. Prints one JSON line when listening
 * (`{"port":…,"operatorPort":…,"processId":…}`, which startGameProcess waits for) and stops
 * cleanly on SIGTERM or SIGINT, after `onStop`. `start` is what starts the server: default
 * {@link startServer}, or a game's own (its server module's, which adds its rooms), so a
 * game's script passes only that.
 */
export async function serveFromEnv(
  options: StartOptions,
  onStop: () => Promise<void> = async () => {},
  env: NodeJS.ProcessEnv = process.env,
  start: (options: StartOptions) => Promise<GameServer> = startServer,
): Promise<GameServer> {
  const host = env.HOST || '127.0.0.1';
  const port = Number(env.PORT) || (await freePort(host));
  const game = await start({
    ...options,
    port,
    host,
    redis: env.REDIS_URL || undefined,
    publicAddress: env.PUBLIC_ADDRESS || `${host}:${port}`,
    ...hostOptionsFromEnv(env),
  });
  const { operatorPort, processId } = game;
  console.log(JSON.stringify({ port: game.port, operatorPort, processId }));
  stopOnSignals(async () => {
    await game.stop();
    await onStop();
  });
  return game;
}
