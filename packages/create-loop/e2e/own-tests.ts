import { join } from 'node:path';
import { expect } from 'vitest';
import { stripAnsi } from '../test/helpers.js';
import { e2eEnv, exec } from './processes.js';

/** Output as a person reads it: stdout and stderr, colours removed. */
const text = (result: { stdout: string; stderr: string }) =>
  stripAnsi(`${result.stdout}\n${result.stderr}`);

/**
 * Installs a scaffold as its README says. `npm` for a template whose README says `npm install`
 * and whose dependencies have install scripts (multiplayer: msgpackr-extract, under Colyseus),
 * to hold it to installing without npm's warning that they are not covered by `allowScripts`;
 * pnpm for the others, as the rest of the e2e does.
 */
export async function installScaffold(app: string, withNpm: boolean): Promise<void> {
  if (!withNpm) {
    await exec('pnpm', ['install', '--no-frozen-lockfile', '--reporter=append-only'], {
      cwd: app,
      env: e2eEnv(),
    });
    return;
  }
  const installed = await exec('npm', ['install'], { cwd: app, env: e2eEnv() });
  const warnings = text(installed)
    .split('\n')
    .filter((line) => /install-scripts|allowScripts/.test(line));
  expect(warnings, 'npm install warns of install scripts').toEqual([]);
}

/** A vitest run that passed every test it ran, skipped none and printed no expected-error log. */
function expectAllPassed(output: string, what: string): void {
  expect(output, what).toMatch(/Tests\s+[1-9]\d* passed \(\d+\)/);
  expect(output, what).not.toMatch(/failed|skipped|todo/);
  expect(output, `${what}: a passing test printed an error`).not.toContain('❌');
}

/**
 * The scaffold's own tests as its developer runs them: `npm test`, the fast ones, and `npm run
 * test:e2e` where there is one (the slow ones: browsers, processes, whole sessions), each passing
 * with none skipped (this machine has the browser and the redis-server they need).
 */
export async function expectOwnTests(app: string, scripts: Record<string, string>): Promise<void> {
  // A whole test suite each, on a machine that may be loaded many times over: a generous limit,
  // which only ends a run that hangs.
  const options = { cwd: app, timeoutMs: OWN_TESTS_MS };
  expectAllPassed(text(await exec('npm', ['test'], options)), 'npm test');
  if (scripts['test:e2e'] === undefined) return;
  expectAllPassed(text(await exec('npm', ['run', 'test:e2e'], options)), 'npm run test:e2e');
}

/** The longest one of a scaffold's test runs may take before it counts as hung. */
export const OWN_TESTS_MS = 600_000;

/** What a skip line starts with: the tests, then why (a variable that names nowhere). */
const skipLine = (tests: string, variable: string, path: string) =>
  `Skipping ${tests}: ${variable} is ${path}, which is no executable file; install `;

/**
 * Each scaffold whose `npm run test:e2e` needs programs (found by @loop/core/e2e): the test
 * files to run without them (all when empty) and the skip line that each missing one prints,
 * given where the variables point.
 */
const WITHOUT_TOOLS: Record<string, { files: string[]; lines: (nowhere: string) => string[] }> = {
  multiplayer: {
    files: ['two-pages.browser', 'cluster.test'],
    lines: (nowhere) => [
      `${skipLine('the two-page browser test', 'CHROMIUM_PATH', join(nowhere, 'chrome'))}Google Chrome or Chromium`,
      skipLine('the two-process (Redis) test', 'REDIS_SERVER_PATH', join(nowhere, 'redis-server')),
    ],
  },
  r3f: {
    files: [],
    lines: (nowhere) => [
      `${skipLine('the Chromium test', 'CHROMIUM_PATH', join(nowhere, 'chrome'))}Google Chrome or Chromium`,
      `${skipLine('the Firefox test', 'FIREFOX_PATH', join(nowhere, 'firefox'))}Firefox`,
    ],
  },
  rollback: {
    files: [],
    lines: (nowhere) => [
      `${skipLine('the Chromium tests', 'CHROMIUM_PATH', join(nowhere, 'chrome'))}Google Chrome or Chromium`,
      `${skipLine('the Firefox tests', 'FIREFOX_PATH', join(nowhere, 'firefox'))}Firefox`,
      `${skipLine('the Firefox and Chromium test', 'CHROMIUM_PATH', join(nowhere, 'chrome'))}Google Chrome or Chromium`,
    ],
  },
};

/**
 * On a machine without a browser or a redis-server (CHROMIUM_PATH, FIREFOX_PATH and
 * REDIS_SERVER_PATH set to nowhere: a variable that is set is the only place looked), the
 * scaffold's browser and two-process tests skip, each with one line saying what to install, and
 * the run passes; with CI set they fail instead, with those lines. A template whose tests need
 * no such program is not checked.
 */
export async function expectSkipsWithoutTools(app: string, template: string): Promise<void> {
  const without = WITHOUT_TOOLS[template];
  if (without === undefined) return;
  const nowhere = join(app, 'no-such-folder');
  const env = (ci: string | undefined) =>
    e2eEnv({
      CI: ci,
      CHROMIUM_PATH: join(nowhere, 'chrome'),
      FIREFOX_PATH: join(nowhere, 'firefox'),
      REDIS_SERVER_PATH: join(nowhere, 'redis-server'),
    });
  const args = ['run', 'test:e2e', ...(without.files.length > 0 ? ['--', ...without.files] : [])];
  const skipped = text(await exec('npm', args, { cwd: app, env: env(undefined) }));
  const lines = skipped.split('\n');
  for (const start of without.lines(nowhere)) {
    expect(
      lines.filter((line) => line.startsWith(start)),
      start,
    ).toHaveLength(1);
  }
  expect(skipped).toMatch(/Tests\s+(\d+) skipped \(\1\)/);
  const failed = await exec('npm', args, { cwd: app, env: env('true'), allowFailure: true });
  expect(failed.code).not.toBe(0);
  expect(text(failed)).toContain('(not skipped: CI is set, and a CI run must not skip it)');
}
