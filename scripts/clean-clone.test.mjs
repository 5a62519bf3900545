/**
 * A test run leaves the clone as it found it, and no committed file holds a path of the machine
 * that wrote it (issues 29 and 30). Run by @loop/release's vitest (its vitest.config.ts takes
 * ../../scripts/*.test.mjs), so `npm test` and CI run it:
 *
 *   pnpm --filter @loop/release exec vitest run ../../scripts/clean-clone.test.mjs
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { incrementalText, REPO_ROOT } from './mutation-incremental.mjs';
import { CHECK_ENV, CHECK_INCREMENTAL, COMMITTED_INCREMENTAL } from './stryker-template.mjs';

/** The smallest package that runs Stryker: its committed results cover every mutant. */
const PACKAGE = 'templates/mobile';

/**
 * Committed files that hold a machine path on purpose, and which: made-up paths a test feeds
 * to the code under test.
 */
const ALLOWED = new Map([
  ['packages/create-loop/src/next-steps.test.ts', ['/home/me/', '/tmp/game']],
  // Stryker's results hold the source of the tests that killed each mutant: the same made-up
  // paths, as next-steps.test.ts feeds them.
  ['packages/create-loop/mutation/stryker-incremental.json', ['/home/me/', '/tmp/game']],
  // This check: it names the folders it looks for, and feeds made-up ones to machinePaths.
  ['scripts/clean-clone.test.mjs', ['/']],
]);

function git(...args) {
  return execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 1 << 28 });
}

/** Every tracked file's bytes under a folder, by path: what a run must not change. */
function tracked(folder) {
  const files = git('ls-files', '-z', '--', folder).split('\0').filter(Boolean);
  return new Map(
    files.map((f) => [f, existsSync(join(REPO_ROOT, f)) ? readFileSync(join(REPO_ROOT, f)) : null]),
  );
}

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Machine paths in a file's text: the clone's own folder in any file (where it starts a path:
 * after a quote, a space, a bracket or file://), and /work/, /root/, /home/<user>/ and /tmp/ in
 * the text formats that tools write (JSON, Markdown, TypeScript, JavaScript, YAML).
 */
function machinePaths(file, text, root = REPO_ROOT) {
  const found = [];
  const clone = new RegExp(
    `(?:^|[\\s"'(\`=]|file://)(${escapeRegExp(root)})(?=[/"'\\s)\`]|$)`,
    'gm',
  );
  for (const m of text.matchAll(clone)) found.push(m[1]);
  if (/\.(json|md|ts|mts|cts|mjs|cjs|js|ya?ml)$/.test(file)) {
    const typical = /(?:^|[^\w.~-])((?:\/(?:work|root|tmp)\/|\/home\/[\w.-]+\/)[^\s"'`)]*)/gm;
    for (const m of text.matchAll(typical)) found.push(m[1]);
  }
  const allowed = ALLOWED.get(file) ?? [];
  return found.filter((p) => !allowed.some((a) => p.startsWith(a)));
}

describe('machinePaths', () => {
  it("finds the clone's folder anywhere and typical machine folders in text formats", () => {
    const root = '/srv/ci/loop';
    expect(machinePaths('a.json', '{"projectRoot": "/srv/ci/loop"}', root)).toEqual([
      '/srv/ci/loop',
    ]);
    expect(machinePaths('a.txt', 'at file:///srv/ci/loop/x.js:1', root)).toEqual(['/srv/ci/loop']);
    expect(machinePaths('a.md', 'see https://example.com/srv/ci/loop', root)).toEqual([]);
    expect(machinePaths('a.md', 'ran in /home/alice/game today', root)).toEqual([
      '/home/alice/game',
    ]);
    expect(machinePaths('a.ts', "'/tmp/x', '/work/main', '/root/.npm'", root)).toEqual([
      '/tmp/x',
      '/work/main',
      '/root/.npm',
    ]);
    expect(machinePaths('a.png', '/tmp/x', root)).toEqual([]);
    expect(machinePaths('a.ts', "'/usr/bin/chromium' and a/tmp/b", root)).toEqual([]);
  });
});

describe('the clone after a test run', () => {
  it('holds no path of the machine that wrote a tracked file', () => {
    const offending = [];
    for (const file of git('ls-files', '-z').split('\0').filter(Boolean)) {
      if (!existsSync(join(REPO_ROOT, file))) continue;
      const bytes = readFileSync(join(REPO_ROOT, file));
      if (bytes.includes(0)) continue;
      for (const path of machinePaths(file, bytes.toString('utf8'))) {
        offending.push(`${file}: ${path}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it('has every committed incremental result in its committed form (a rerun writes the same bytes)', () => {
    const files = git('ls-files', '-z', '--', '*/mutation/stryker-incremental.json')
      .split('\0')
      .filter(Boolean);
    expect(files).toContain(`${PACKAGE}/${COMMITTED_INCREMENTAL}`);
    const rewritten = files.filter((file) => {
      const text = readFileSync(join(REPO_ROOT, file), 'utf8');
      return incrementalText(JSON.parse(text)) !== text;
    });
    // Fix: `pnpm mutate` in the package, or `node scripts/mutation-incremental.mjs <file>`.
    expect(rewritten).toEqual([]);
  });

  it(`is unchanged by the suite's mutation step (pnpm mutate in ${PACKAGE}, ${CHECK_ENV}=1)`, () => {
    const before = tracked(PACKAGE);
    const statusBefore = git('status', '--porcelain', '--', PACKAGE);
    const run = spawnSync('pnpm', ['mutate'], {
      cwd: join(REPO_ROOT, PACKAGE),
      env: { ...process.env, [CHECK_ENV]: '1' },
      encoding: 'utf8',
    });
    const output = `${run.stdout}\n${run.stderr}`;
    expect(run.status, output).toBe(0);
    // Every result reused: nothing of this package changed since its results were committed.
    expect(output).toContain('mutant result(s) are reused');
    expect(output).toContain('template-mobile:');
    // Stryker wrote its results, but under reports/ (ignored), not over the committed file.
    expect(existsSync(join(REPO_ROOT, PACKAGE, CHECK_INCREMENTAL))).toBe(true);
    expect(git('check-ignore', '--', `${PACKAGE}/${CHECK_INCREMENTAL}`).trim()).toBe(
      `${PACKAGE}/${CHECK_INCREMENTAL}`,
    );
    expect(git('status', '--porcelain', '--', PACKAGE)).toBe(statusBefore);
    const after = tracked(PACKAGE);
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [file, bytes] of before) expect(after.get(file)?.equals(bytes), file).toBe(true);
  }, 300_000);
});
