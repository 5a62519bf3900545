import { existsSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopDependencies } from '../../../scripts/vendor-packages.mjs';
import { filesContaining, type RunResult, stripAnsi, tempDir } from '../test/helpers.js';
import { cloneEnv, cloneWorkingTree } from './clone.js';
import { exec } from './processes.js';

/**
 * Starting a game from a clone today, before anything is on npm, with the root README's
 * commands (section "Start a game"):
 *
 *   a fresh clone (the working tree; no node_modules, nothing built) ->
 *   `pnpm create:local ../my-game --template rapier`, which installs the workspace (with no
 *   warning of ours), builds, scaffolds outside the clone and packs @loop/core into it ->
 *   `npm install` from the ordinary registry, which holds neither @loop/core nor create-loop ->
 *   the game's own `npm test` and `npm run build`;
 *
 *   `pnpm create:local games/my-game --template mobile` -> `workspace:^` kept -> the next steps
 *   it printed -> turbo builds and tests the game beside the templates.
 *
 * Two templates, one per path (the published path and the other templates are covered by
 * scaffold.e2e.test.ts and packages/release's registry test). Nothing here is timed.
 */

let tmp: string;
let clone: string;

beforeAll(async () => {
  tmp = tempDir('create-loop-clone-');
  clone = join(tmp, 'loop');
  await cloneWorkingTree(clone);
});

afterAll(() => {
  if (tmp && !process.env.KEEP_E2E) rmSync(tmp, { recursive: true, force: true });
});

/** stdout and stderr of a run, colours removed, for matching. */
const output = (result: RunResult) => stripAnsi(`${result.stdout}\n${result.stderr}`);

/** The commands create-loop printed after "Now run:". */
function nextSteps(result: RunResult): string[] {
  const after = result.stdout.slice(result.stdout.indexOf('Now run:'));
  return [...after.matchAll(/^ {2}(\S.*)$/gm)].map((m) => m[1]!);
}

describe('outside the clone: pnpm create:local ../my-game --template rapier', () => {
  let created: RunResult;
  let game: string;

  beforeAll(async () => {
    game = join(tmp, 'my-game');
    created = await exec('pnpm', ['create:local', '../my-game', '--template', 'rapier'], {
      cwd: clone,
      env: cloneEnv(),
    });
  });

  it('installs the fresh clone without a warning of ours', () => {
    const text = output(created);
    expect(text).toContain('pnpm install --frozen-lockfile');
    expect(text).toContain('Scaffolding rapier in');
    expect(
      text.split('\n').filter((line) => /WARN|warning|Ignored build scripts/i.test(line)),
    ).toEqual([]);
  });

  it('writes the project outside, with its @loop/* packages packed into it', () => {
    const manifest = JSON.parse(readFileSync(join(game, 'package.json'), 'utf8'));
    const version = JSON.parse(
      readFileSync(join(clone, 'packages', 'core', 'package.json'), 'utf8'),
    ).version;
    const wanted = loopDependencies(manifest);
    expect(wanted).toContain('@loop/core');
    for (const name of wanted) {
      const tarball = `${name.slice(1).replace('/', '-')}-${version}.tgz`;
      expect(manifest.dependencies[name]).toBe(`file:vendor/${tarball}`);
      expect(existsSync(join(game, 'vendor', tarball))).toBe(true);
      expect(created.stdout).toContain(`"${name}" back to "^${version}"`);
    }
    expect(filesContaining(game, 'workspace:')).toEqual([]);
    expect(nextSteps(created)).toEqual([`cd ${game}`, 'pnpm install', 'pnpm dev']);
  });

  it('installs from the ordinary registry with npm, then tests and builds', async () => {
    await exec('npm', ['install'], { cwd: game, env: cloneEnv() });
    const lock = JSON.parse(readFileSync(join(game, 'package-lock.json'), 'utf8'));
    expect(lock.packages['node_modules/@loop/core'].resolved).toMatch(/^file:vendor\//);
    const tested = await exec('npm', ['test'], { cwd: game, env: cloneEnv() });
    expect(stripAnsi(tested.stdout)).toMatch(/Tests\s+[1-9]\d* passed \(\d+\)/);
    expect(stripAnsi(tested.stdout)).not.toMatch(/failed|skipped|todo/);
    await exec('npm', ['run', 'build'], { cwd: game, env: cloneEnv() });
    expect(existsSync(join(game, 'dist', 'index.html'))).toBe(true);
  });
});

describe('inside the clone: pnpm create:local games/my-game --template mobile', () => {
  let created: RunResult;
  let game: string;

  beforeAll(async () => {
    game = join(clone, 'games', 'my-game');
    created = await exec('pnpm', ['create:local', 'games/my-game', '--template', 'mobile'], {
      cwd: clone,
      env: cloneEnv(),
    });
  });

  it('keeps workspace:^, says so, and packs nothing', () => {
    const manifest = JSON.parse(readFileSync(join(game, 'package.json'), 'utf8'));
    expect(manifest.dependencies['@loop/core']).toBe('workspace:^');
    expect(created.stdout).toContain(
      `${game} is a package of the pnpm workspace at ${clone}: kept the workspace: specs of @loop/core`,
    );
    expect(existsSync(join(game, 'vendor'))).toBe(false);
  });

  it('its printed next steps install it against the workspace and build what it uses', async () => {
    const steps = nextSteps(created);
    expect(steps).toEqual([
      'cd games/my-game',
      'pnpm install',
      "pnpm --filter 'my-game^...' build",
      'pnpm dev',
    ]);
    // All but the dev server, in one shell, as typed.
    await exec('sh', ['-c', steps.slice(0, -1).join(' && ')], { cwd: clone, env: cloneEnv() });
    expect(realpathSync(join(game, 'node_modules', '@loop', 'core'))).toBe(
      join(clone, 'packages', 'core'),
    );
    expect(existsSync(join(clone, 'packages', 'core', 'dist', 'index.js'))).toBe(true);
  });

  it('turbo builds and tests it beside the templates', async () => {
    const result = await exec(
      'pnpm',
      ['turbo', 'run', 'build', 'test', '--filter=my-game', '--filter=template-mobile'],
      { cwd: clone, env: cloneEnv() },
    );
    const text = output(result);
    for (const task of ['my-game:build', 'my-game:test', 'template-mobile:test']) {
      expect(text).toContain(task);
    }
    expect(text).toMatch(/Tasks:\s+(\d+) successful, \1 total/);
    expect(existsSync(join(game, 'dist', 'index.html'))).toBe(true);
  });
});
