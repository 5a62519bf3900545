/// <reference types="node" />
import { type Found, findExecutable, type SearchPlaces } from './find-executable.js';

/** What to do without a Redis: one line, for the skip message and the error alike. */
export const INSTALL_REDIS =
  'install Redis (Debian/Ubuntu: sudo apt-get install redis-server; macOS: brew install redis) or Valkey, or set REDIS_SERVER_PATH';

/** Where Debian, Fedora, Homebrew (Intel and Apple silicon) and source builds put it. */
const USUAL = [
  '/usr/bin/redis-server',
  '/usr/local/bin/redis-server',
  '/opt/homebrew/bin/redis-server',
  '/usr/sbin/redis-server',
];

/**
 * A `redis-server` for a game's tests across processes and its local cluster, found the usual
 * ways: REDIS_SERVER_PATH, the usual install paths, then `redis-server` or `valkey-server`
 * (Redis's fork, which takes the same flags and says the same "Ready to accept connections") on
 * PATH.
 */
export function findRedisServer(places: SearchPlaces = {}): Found {
  return findExecutable({
    variables: ['REDIS_SERVER_PATH'],
    candidates: places.usual ?? USUAL,
    names: ['redis-server', 'valkey-server'],
    env: places.env ?? process.env,
    missing: 'redis-server',
  });
}

/**
 * The `redis-server` to start (see {@link findRedisServer}), for code that cannot go on without
 * one (a script that starts a cluster): throws the reason and what to install.
 */
export function redisServerPath(places: SearchPlaces = {}): string {
  const found = findRedisServer(places);
  if (found.path === undefined) throw new Error(`${found.why}: ${INSTALL_REDIS}`);
  return found.path;
}
