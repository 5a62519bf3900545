import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { publishedLibraries } from '../../../scripts/vendor-packages.mjs';
import { tempDir } from '../test/helpers.js';
import { REPO_ROOT } from './clone.js';
import { e2eEnv } from './processes.js';

/**
 * `pnpm create:local` (scripts/quickstart.mjs create, then scripts/create-local.mjs) as a person
 * meets it when something goes wrong: a wrong argument is one line, before pnpm or turbo run;
 * Ctrl-C while pnpm or turbo runs ends it quietly with 130. pnpm here is a stand-in on PATH
 * that writes down each call and, for the Ctrl-C case, waits to be interrupted; the Ctrl-C is a
 * real SIGINT to the whole process group, as a terminal sends it. Nothing is written to this
 * repository: every run ends before create-loop.
 */

let tmp: string;
let bin: string;
let calls: string;

beforeAll(() => {
  tmp = tempDir('create-local-');
  bin = join(tmp, 'bin');
  calls = join(tmp, 'calls');
  mkdirSync(bin);
  const pnpm = join(bin, 'pnpm');
  // --version answers the pinned version (so quickstart installs none); anything else is
  // written down and then waits for Ctrl-C, ending as pnpm and turbo do on it (130).
  writeFileSync(
    pnpm,
    `#!/bin/sh\nif [ "$1" = --version ]; then echo 10.34.9; exit 0; fi\necho "$*" >> '${calls}'\ntrap 'exit 130' INT\nwhile :; do sleep 0.05; done\n`,
  );
  chmodSync(pnpm, 0o755);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Runs `node scripts/<script> ...args` from the repository in a process group of its own. */
function start(script: string, args: readonly string[]) {
  rmSync(calls, { force: true });
  const env = e2eEnv({
    PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`,
    INIT_CWD: tmp,
    CI: undefined,
  });
  const child = spawn(process.execPath, [join(REPO_ROOT, 'scripts', script), ...args], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    stdout += d;
  });
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    stderr += d;
  });
  const ended = once(child, 'close').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
    stdout,
    stderr,
  }));
  return { child, ended };
}

/** What the stand-in pnpm was asked to do, one call a line. */
/** The turbo filters create-local builds the library packages with: every public one. */
const LIBRARY_FILTERS = publishedLibraries(REPO_ROOT)
  .map((library) => `--filter=${library.name}`)
  .join(' ');
const pnpmCalls = () => (existsSync(calls) ? readFileSync(calls, 'utf8').trim().split('\n') : []);

describe('a wrong argument to create:local', () => {
  it.each([
    [
      ['../my-game', '--tempalte', 'three'],
      2,
      'unknown option --tempalte; did you mean --template?',
    ],
    [['../my-game', '--template', 'tree'], 2, 'unknown template "tree"; did you mean "three"?'],
    [['--template', 'three'], 2, 'name the folder of the new game.'],
    [
      ['packages/core/src/my-game', '--template', 'three'],
      1,
      'is inside this repository but not under games/',
    ],
  ])('%j: one line, exit %i, before pnpm or turbo run', async (args, exit, says) => {
    // INIT_CWD is the temporary folder: a relative folder would go beside it, except the one
    // inside the repository (in no package of its workspace), typed from the repository.
    const [dir = '', ...rest] = args;
    const typed = dir.startsWith('packages/') ? [join(REPO_ROOT, dir), ...rest] : args;
    const { code, stdout, stderr } = await start('quickstart.mjs', ['create', ...typed]).ended;
    expect(code).toBe(exit);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^create:local: /);
    expect(stderr).toContain(says);
    expect(pnpmCalls()).toEqual([]);
  });
});

describe('Ctrl-C during create:local', () => {
  it.each([
    ['quickstart.mjs', ['create'], 'install --frozen-lockfile'],
    [
      'create-local.mjs',
      [],
      `turbo run build ${LIBRARY_FILTERS} --filter=create-loop --output-logs=errors-only`,
    ],
  ])(
    'while %s runs pnpm: exits 130 and says nothing failed',
    async (script, before, call) => {
      const run = start(script, [...before, join(tmp, 'my-game'), '--template', 'three']);
      await vi.waitFor(() => expect(pnpmCalls()).toEqual([call]), {
        timeout: 60_000,
        interval: 50,
      });
      process.kill(-run.child.pid!, 'SIGINT'); // what a terminal does: the whole foreground group
      const { code, signal, stderr } = await run.ended;
      expect({ code, signal }).toEqual({ code: 130, signal: null });
      expect(stderr).toBe('');
      expect(existsSync(join(tmp, 'my-game'))).toBe(false);
    },
    90_000,
  );
});
