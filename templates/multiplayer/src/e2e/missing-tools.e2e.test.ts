import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toolsRequired } from '@loop/core/e2e';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const vitest = join(
  createRequire(import.meta.url).resolve('vitest/package.json'),
  '..',
  'vitest.mjs',
);
const NOWHERE = join(root, 'no-such-folder');

/**
 * This project's browser and Redis tests run by a vitest of their own, with CHROMIUM_PATH and
 * REDIS_SERVER_PATH pointing nowhere (a variable that is set is the only place looked) and CI
 * as `ci` says: its exit code and what it printed, colours off.
 */
async function runWithout(ci: string | undefined): Promise<{ code: number | null; text: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CHROMIUM_PATH: join(NOWHERE, 'chrome'),
    REDIS_SERVER_PATH: join(NOWHERE, 'redis-server'),
    NO_COLOR: '1',
  };
  delete env.CI;
  delete env.FORCE_COLOR;
  delete env.VITEST; // a run of its own, not a worker of this one
  if (ci !== undefined) env.CI = ci;
  const child = spawn(
    process.execPath,
    [vitest, 'run', '--project', 'e2e', 'two-pages.browser', 'cluster.test'],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let text = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    text += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    text += chunk;
  });
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, text };
}

const SKIP_BROWSER = `Skipping the two-page browser test: CHROMIUM_PATH is ${join(NOWHERE, 'chrome')}, which is no executable file; install Google Chrome or Chromium`;
const SKIP_REDIS = `Skipping the two-process (Redis) test: REDIS_SERVER_PATH is ${join(NOWHERE, 'redis-server')}, which is no executable file; install Redis`;

describe('without a browser or a redis-server', () => {
  it('fails in CI, saying what is missing and what to install, and runs no test', async () => {
    const { code, text } = await runWithout('true');
    expect(code).not.toBe(0);
    expect(text).toContain(
      `CHROMIUM_PATH is ${join(NOWHERE, 'chrome')}, which is no executable file: install Google Chrome or Chromium`,
    );
    expect(text).toContain(
      `REDIS_SERVER_PATH is ${join(NOWHERE, 'redis-server')}, which is no executable file: install Redis`,
    );
    expect(text).toContain('(not skipped: CI is set, and a CI run must not skip it)');
    expect(text).not.toMatch(/Tests\s+\d+ passed/);
  }, 120_000);

  // In the loop monorepo it fails as in CI; in a game of its own, it skips them with a line each.
  const required = toolsRequired({}, root);
  it(`outside CI, ${required ? 'fails here too (the loop monorepo)' : 'skips both with one line each and passes'}`, async () => {
    const { code, text } = await runWithout(undefined);
    if (required !== undefined) {
      expect(code).not.toBe(0);
      expect(text).toContain(`(not skipped: ${required})`);
      expect(text).not.toContain('Skipping');
      return;
    }
    expect(code).toBe(0);
    const lines = text.split('\n');
    expect(lines.filter((line) => line.startsWith(SKIP_BROWSER))).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith(SKIP_REDIS))).toHaveLength(1);
    expect(text).toMatch(/Tests\s+(\d+) skipped \(\1\)/);
    expect(text).not.toMatch(/passed|failed/);
  }, 120_000);
});
