import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { stringify } from 'yaml';
// create-loop's e2e helpers (this package tests create-loop's published path too).
import { freePort, spawnGroup } from '../../create-loop/e2e/processes.js';

/** A Verdaccio running on 127.0.0.1 for one test file, and how to end it. */
export interface LocalRegistry {
  /** `http://127.0.0.1:<port>/`, for `npm_config_registry` and `npm publish --registry`. */
  readonly url: string;
  /** Where it keeps what is published to it and what it fetched from its uplink. */
  readonly storage: string;
  /** Everything it printed so far, for a failure message. */
  log(): string;
  /** Ends it and everything it started; safe to call twice, or after it died. */
  stop(): Promise<void>;
}

/** Packages only this registry serves: published by the test, never looked up upstream. */
export const OURS = ['@loop/*', 'create-loop'] as const;

/**
 * The registry npm is configured with here (`npm config get registry`): the uplink that
 * serves everything but our packages, as the public registry will for a stranger.
 */
export function configuredRegistry(): string {
  return execFileSync('npm', ['config', 'get', 'registry'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
}

/** Longest wait for the registry to answer its ping: a hang guard, never a measurement. */
const START_WAIT_MS = 120_000;

/**
 * Starts Verdaccio 6.5 (the last line that runs on Node 20) in its own process group, on a
 * free port, with its storage and config under `dir`: `@loop/*` and `create-loop` can be
 * published by anyone and are never proxied (so the public registry's answer for those names,
 * a 404 or someone else's package, can never leak in), everything else is proxied to
 * `uplink`. Resolves once it answers `/-/ping`.
 *
 * Why a real registry: `npm create loop@latest`, `pnpm create loop`, and the installs after
 * them resolve dist-tags, packuments and tarball URLs; a tarball on disk skips all of that.
 * The process is killed by `stop()` and, should the test runner die first, on its exit.
 */
export async function startRegistry(dir: string, uplink: string): Promise<LocalRegistry> {
  const storage = join(dir, 'storage');
  mkdirSync(storage, { recursive: true });
  const ours = { access: '$all', publish: '$anonymous', unpublish: '$anonymous' };
  const config = {
    storage,
    uplinks: { upstream: { url: uplink, timeout: '60s', max_fails: 5 } },
    packages: {
      ...Object.fromEntries(OURS.map((name) => [name, ours])),
      '**': { access: '$all', proxy: 'upstream' },
    },
    web: { enable: false },
    log: { type: 'stdout', format: 'pretty', level: 'warn' },
  };
  const file = join(dir, 'config.yaml');
  writeFileSync(file, stringify(config));

  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const bin = createRequire(import.meta.url).resolve('verdaccio/bin/verdaccio');
  const group = spawnGroup(
    process.execPath,
    [bin, '--config', file, '--listen', `127.0.0.1:${port}`],
    { cwd: dir, env: process.env },
  );
  // Should the test runner die before stop(), the registry goes with it.
  const killOnExit = () => void group.stop();
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    await group.stop();
  };
  const registry: LocalRegistry = { url, storage, log: group.log, stop };

  const deadline = Date.now() + START_WAIT_MS;
  for (;;) {
    if (group.exited()) throw new Error(`verdaccio exited before it answered:\n${group.log()}`);
    try {
      if ((await fetch(`${url}-/ping`)).ok) return registry;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`verdaccio did not answer on ${url}:\n${group.log()}`);
    }
    await sleep(100);
  }
}
