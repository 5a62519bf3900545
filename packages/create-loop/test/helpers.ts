import { type ChildProcess, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, beforeEach, expect, inject, onTestFinished } from 'vitest';
import { MONOREPO_ONLY } from '../src/copy.js';
import { STAGING_PREFIX } from '../src/staging.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A registry on loopback holding the fixture versions (global-setup.ts starts it). */
    registry: string;
  }
}

/** packages/create-loop */
export const PKG_DIR = resolve(import.meta.dirname, '..');

/** The monorepo's templates/, which the build copies into the package (and so the tarball). */
export const TEMPLATES_SOURCE = resolve(PKG_DIR, '..', '..', 'templates');

/** The names of the monorepo's templates (folders of templates/ with a package.json), sorted. */
export function monorepoTemplates(): string[] {
  if (!existsSync(TEMPLATES_SOURCE)) return [];
  return readdirSync(TEMPLATES_SOURCE)
    .filter((name) => existsSync(join(TEMPLATES_SOURCE, name, 'package.json')))
    .sort();
}

/**
 * The files the README says the package ships of the monorepo template in `dir`, as sorted
 * relative paths: all of them "without node_modules, dist, .turbo, *.tsbuildinfo; `.gitignore`
 * stored as `_gitignore`", and without the monorepo's mutation testing at the top.
 */
export function shippedTemplateFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => prefix !== '' || !MONOREPO_ONLY.includes(e.name))
    .flatMap((e) => {
      if (e.isDirectory()) {
        if (['node_modules', 'dist', '.turbo'].includes(e.name)) return [];
        return shippedTemplateFiles(join(dir, e.name), `${prefix}${e.name}/`);
      }
      if (e.name.endsWith('.tsbuildinfo')) return [];
      return [`${prefix}${e.name === '.gitignore' ? '_gitignore' : e.name}`];
    })
    .sort();
}

/** Versions the fixture package root embeds, as the build would. */
export const FIXTURE_VERSIONS = { '@loop/core': '0.1.0', '@loop/fixture-tools': '1.2.3' };

/** A throwaway directory under the OS temp dir. */
export function tempDir(prefix = 'create-loop-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * Lays out a package root like the published tarball (package.json, the built dist/, templates/)
 * but with the fixture templates and fixture versions, and node_modules linked so that the
 * lazily imported @clack/prompts resolves. Returns the path of its bin.
 */
export function fixturePackage(root: string, extra?: (templatesDir: string) => void): string {
  cpSync(join(PKG_DIR, 'package.json'), join(root, 'package.json'));
  cpSync(join(PKG_DIR, 'dist'), join(root, 'dist'), { recursive: true });
  cpSync(join(PKG_DIR, 'test-fixtures', 'templates'), join(root, 'templates'), { recursive: true });
  writeFileSync(join(root, 'dist', 'workspace-versions.json'), JSON.stringify(FIXTURE_VERSIONS));
  symlinkSync(join(PKG_DIR, 'node_modules'), join(root, 'node_modules'), 'dir');
  extra?.(join(root, 'templates'));
  return join(root, 'dist', 'index.js');
}

/** The directories a CLI test file works in; read them inside tests and hooks only. */
export interface Sandbox {
  /** The fixture package root, one per test file. */
  readonly root: string;
  /** Its bin (dist/index.js), the CLI under test. */
  readonly bin: string;
  /** A fresh, empty directory per test, removed when the test finishes. */
  readonly work: string;
}

/**
 * Registers the hooks of a CLI test file: a fixture package root (see `fixturePackage`) for the
 * whole file and a fresh working directory for each test. Getters, because the hooks fill the
 * paths in after this returns.
 */
export function useSandbox(workPrefix = 'create-loop-work-'): Sandbox {
  let root: string | undefined;
  let bin: string | undefined;
  let work: string | undefined;
  beforeAll(() => {
    root = tempDir('create-loop-pkg-');
    bin = fixturePackage(root);
  });
  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });
  beforeEach((context) => {
    const dir = tempDir(workPrefix);
    work = dir;
    context.onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  });
  const ready = (path: string | undefined, name: string): string => {
    if (path === undefined) throw new Error(`sandbox.${name} is read before its hook ran`);
    return path;
  };
  return {
    get root() {
      return ready(root, 'root');
    },
    get bin() {
      return ready(bin, 'bin');
    },
    get work() {
      return ready(work, 'work');
    },
  };
}

/** What a finished CLI run gave back. */
export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * The environment for a child process: ours minus everything npm/pnpm set for the test run
 * itself (the user agent above all, which the CLI reads), plus `env`.
 */
export function cleanEnv(env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|pnpm_|PNPM_|INIT_CWD$|FORCE_COLOR$|CREATE_LOOP_VENDORED$)/.test(key)) continue;
    out[key] = value;
  }
  out.NO_COLOR = '1';
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete out[key];
    else out[key] = value;
  }
  return out;
}

/**
 * Spawns `command ...args` and collects its stdout and stderr as text; `result` settles when it
 * has closed (and rejects when it could not start). stdin is a pipe unless `stdin: 'ignore'`;
 * `fd3: true` opens one more pipe, as file descriptor 3 of the child (`child.stdio[3]`).
 */
export function spawnCollecting(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; stdin?: 'pipe' | 'ignore'; fd3?: boolean },
): ChildProcess & { result: Promise<RunResult> } {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: [options.stdin ?? 'pipe', 'pipe', 'pipe', ...(options.fd3 ? ['pipe' as const] : [])],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (d: string) => {
    stdout += d;
  });
  child.stderr?.setEncoding('utf8').on('data', (d: string) => {
    stderr += d;
  });
  const result = new Promise<RunResult>((resolveResult, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolveResult({ code, signal, stdout, stderr }));
  });
  return Object.assign(child, { result });
}

/**
 * The environment for the CLI under test: `cleanEnv` with npm's registry the loopback one that
 * global-setup started (it holds the fixture versions, so the CLI's registry check passes
 * without the network), plus `env`.
 */
export function cliEnv(env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  return cleanEnv({ npm_config_registry: inject('registry'), ...env });
}

/** Spawns `node <bin> ...args` with a piped (non-TTY) stdin. */
export function start(
  bin: string,
  args: readonly string[],
  options: { cwd: string; env?: Record<string, string | undefined> },
): ChildProcess & { result: Promise<RunResult> } {
  return spawnCollecting(process.execPath, [bin, ...args], {
    cwd: options.cwd,
    env: cliEnv(options.env),
  });
}

/** test/hold-copy.mjs, for `node --import`. */
const HOLD_COPY = pathToFileURL(join(import.meta.dirname, 'hold-copy.mjs')).href;

/**
 * Starts the CLI like `run` (stdin closed), with test/hold-copy.mjs preloaded: it copies `files`
 * files and then holds the copy for as long as the process lives. `held` settles once the copy
 * is held, and rejects if the CLI exits first. Event-driven: no sleep, no race with the copy.
 */
export function startWithCopyHeld(
  bin: string,
  args: readonly string[],
  options: { cwd: string; files: number },
): ChildProcess & { result: Promise<RunResult>; held: Promise<void> } {
  const child = spawnCollecting(process.execPath, ['--import', HOLD_COPY, bin, ...args], {
    cwd: options.cwd,
    env: cliEnv({ CREATE_LOOP_TEST_HOLD_AFTER: String(options.files) }),
    fd3: true,
  });
  child.stdin?.end();
  // A held CLI lives until a signal ends it: never past its test, whatever the test did.
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const held = new Promise<void>((resolveHeld, reject) => {
    child.stdio[3]?.once('data', () => resolveHeld());
    void child.result.then(
      ({ code, stderr }) =>
        reject(new Error(`the CLI exited ${code} before its copy was held: ${stderr}`)),
      reject,
    );
  });
  return Object.assign(child, { held });
}

/** Runs the CLI to the end with stdin closed (not a TTY). */
export async function run(
  bin: string,
  args: readonly string[],
  options: { cwd: string; env?: Record<string, string | undefined> },
): Promise<RunResult> {
  const child = start(bin, args, options);
  child.stdin?.end();
  return child.result;
}

/** An error run as the README promises it: exit 1, exactly one line on stderr, no stack trace. */
export function expectOneLineError(result: RunResult, pattern: RegExp): void {
  expect(result.code).toBe(1);
  expect(result.stderr).toMatch(/^create-loop: .+\n$/);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect(result.stderr).toMatch(pattern);
}

/** Staging directories the CLI left in `dir` (there should never be any once it exits). */
export function stagingLeftovers(dir: string): string[] {
  return readdirSync(dir).filter((name) => name.startsWith(STAGING_PREFIX));
}

/** Every file below `dir`, as sorted relative paths (directories end up implied). */
export function tree(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? tree(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
    )
    .sort();
}

/** Files below `dir` whose text contains `needle`. */
export function filesContaining(dir: string, needle: string): string[] {
  return tree(dir).filter((file) => readFileSync(join(dir, file), 'utf8').includes(needle));
}

/** Removes ANSI escape sequences (cursor moves, colours) from terminal output. */
export function stripAnsi(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching escape codes is the point
  return text.replace(/\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b[()][A-Za-z0-9]|\u001b[=>78]|\r/g, '');
}
