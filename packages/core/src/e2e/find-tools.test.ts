import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { tempFolders } from '../test-support/temp-folders.js';
import {
  findChromium,
  INSTALL_CHROMIUM,
  playwrightCache,
  usualChromiumPaths,
} from './find-chromium.js';
import { findExecutable, isExecutable, onPath } from './find-executable.js';
import { findRedisServer, INSTALL_REDIS, redisServerPath } from './find-redis.js';
import { inLoopMonorepo, isCi, toolsRequired } from './tools-required.js';

/** A fresh folder under the test's temporary one. */
const folder = tempFolders('loop-find-tools-');

/** A file at `dir/name`, executable unless `mode` says otherwise; returns its path. */
function program(dir: string, name: string, mode = 0o755): string {
  const path = join(dir, name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, '#!/bin/sh\n');
  chmodSync(path, mode);
  return path;
}

const search = (env: NodeJS.ProcessEnv, candidates: (string | (() => string | undefined))[] = []) =>
  findExecutable({
    variables: ['A_PATH', 'B_PATH'],
    candidates,
    names: ['tool'],
    env,
    missing: 'tool',
  });

describe('findExecutable: a variable, then the usual paths, then PATH', () => {
  it('takes the first variable that is set, before any usual path or PATH', () => {
    const dir = folder();
    const a = program(dir, 'a');
    const b = program(dir, 'b');
    const usual = program(dir, 'usual');
    expect(search({ A_PATH: a, B_PATH: b, PATH: dir }, [usual])).toEqual({ path: a });
    expect(search({ A_PATH: '', B_PATH: b, PATH: dir }, [usual])).toEqual({ path: b });
  });

  it('says a variable names no program, and then looks nowhere else', () => {
    const dir = folder();
    const usual = program(dir, 'usual');
    const missing = join(dir, 'nothing');
    expect(search({ A_PATH: missing, PATH: dir }, [usual])).toEqual({
      path: undefined,
      why: `A_PATH is ${missing}, which is no executable file`,
    });
    const plain = program(dir, 'plain', 0o644);
    expect(search({ B_PATH: plain }, [usual]).why).toBe(
      `B_PATH is ${plain}, which is no executable file`,
    );
    expect(search({ B_PATH: dir }, [usual]).path).toBeUndefined(); // a folder
  });

  it('tries the usual paths in order, past missing, plain and folder ones, computing lazy ones', () => {
    const dir = folder();
    const second = program(dir, 'second');
    const third = program(dir, 'third');
    const plain = program(dir, 'plain', 0o644);
    const lazy = vi.fn(() => third);
    expect(search({}, [join(dir, 'none'), plain, dir, second, lazy])).toEqual({ path: second });
    expect(lazy).not.toHaveBeenCalled();
    expect(search({}, [() => undefined, lazy, second])).toEqual({ path: third });
  });

  it('then looks for each name on PATH, folder by folder, and says what it missed', () => {
    const [empty, first, last] = [folder(), folder(), folder()];
    const found = program(first, 'tool');
    program(last, 'tool');
    program(empty, 'tool', 0o644);
    const PATH = ['', empty, first, last].join(delimiter);
    expect(search({ PATH })).toEqual({ path: found });
    expect(onPath(['other', 'tool'], { PATH })).toBe(found);
    expect(search({ PATH: empty })).toEqual({ path: undefined, why: 'no tool found' });
    expect(search({})).toEqual({ path: undefined, why: 'no tool found' });
  });

  it('property: whatever a variable holds, the result is that file when it runs and otherwise says so (seed 30)', () => {
    const dir = folder();
    const real = program(dir, 'real');
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constant(real), fc.constant(dir)), (value) => {
        const found = search({ A_PATH: value, PATH: dir }, [real]);
        if (value === '') expect(found).toEqual({ path: real });
        else if (isExecutable(value)) expect(found).toEqual({ path: value });
        else expect(found.why).toBe(`A_PATH is ${value}, which is no executable file`);
      }),
      { seed: 30, numRuns: 200 },
    );
  });
});

describe('findChromium', () => {
  it('reads CHROMIUM_PATH, then CHROME_PATH, then browser names on PATH', () => {
    const dir = folder();
    const chromium = program(dir, 'chromium-browser');
    const chrome = program(dir, 'chrome-for-testing');
    expect(
      findChromium({ env: { CHROMIUM_PATH: chromium, CHROME_PATH: chrome }, usual: [] }).path,
    ).toBe(chromium);
    expect(findChromium({ env: { CHROME_PATH: chrome }, usual: [] }).path).toBe(chrome);
    expect(findChromium({ env: { PATH: dir }, usual: [] }).path).toBe(chromium);
    const google = program(folder(), 'google-chrome');
    expect(findChromium({ env: { PATH: join(google, '..') }, usual: [] }).path).toBe(google);
    expect(findChromium({ env: { PATH: folder() }, usual: [] })).toEqual({
      path: undefined,
      why: 'no Chromium or Chrome found',
    });
  });

  it("lists Playwright's downloaded browsers newest first, from PLAYWRIGHT_BROWSERS_PATH", () => {
    const cache = folder();
    for (const build of ['chromium-999', 'chromium-1200', 'firefox-1500', 'chromium-1100']) {
      mkdirSync(join(cache, build));
    }
    const paths = playwrightCache({ PLAYWRIGHT_BROWSERS_PATH: cache });
    const builds = [...new Set(paths.map((p) => p.slice(cache.length + 1).split(/[\\/]/)[0]))];
    expect(builds).toEqual(['chromium-1200', 'chromium-1100', 'chromium-999']);
    expect(paths).toContain(join(cache, 'chromium-1200', 'chrome-linux', 'chrome'));
    expect(playwrightCache({ PLAYWRIGHT_BROWSERS_PATH: join(cache, 'none') })).toEqual([]);
  });

  it('knows where Chrome and Chromium install on Linux, macOS and Windows', () => {
    expect(usualChromiumPaths('linux')).toEqual(
      expect.arrayContaining(['/usr/bin/chromium', '/usr/bin/google-chrome']),
    );
    expect(usualChromiumPaths('darwin')).toContain(
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    );
    const windows = usualChromiumPaths('win32', { PROGRAMFILES: 'C:\\Program Files' });
    expect(windows).toContain(
      join('C:\\Program Files', 'Google', 'Chrome', 'Application', 'chrome.exe'),
    );
    expect(windows).toHaveLength(3); // only the folders the environment names
  });

  it('says what to install in one line', () => {
    expect(INSTALL_CHROMIUM).toMatch(/Chrome or Chromium.*CHROMIUM_PATH/);
    expect(INSTALL_CHROMIUM).not.toContain('\n');
  });
});

describe('findRedisServer', () => {
  it('reads REDIS_SERVER_PATH, then the usual paths, then redis-server or valkey-server on PATH', () => {
    const dir = folder();
    const explicit = program(dir, 'my-redis');
    const usual = program(dir, 'usual-redis');
    expect(findRedisServer({ env: { REDIS_SERVER_PATH: explicit }, usual: [usual] }).path).toBe(
      explicit,
    );
    expect(findRedisServer({ env: {}, usual: [usual] }).path).toBe(usual);
    const valkey = program(folder(), 'valkey-server');
    expect(findRedisServer({ env: { PATH: join(valkey, '..') }, usual: [] }).path).toBe(valkey);
    expect(findRedisServer({ env: { PATH: folder() }, usual: [] }).why).toBe(
      'no redis-server found',
    );
  });

  it('redisServerPath throws the reason and what to install', () => {
    const missing = join(folder(), 'redis-server');
    vi.stubEnv('REDIS_SERVER_PATH', missing);
    try {
      expect(() => redisServerPath()).toThrow(
        `REDIS_SERVER_PATH is ${missing}, which is no executable file: ${INSTALL_REDIS}`,
      );
      const real = program(folder(), 'redis-server');
      vi.stubEnv('REDIS_SERVER_PATH', real);
      expect(redisServerPath()).toBe(real);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('toolsRequired: fail, not skip, in CI and in the loop monorepo', () => {
  it('reads CI as set unless empty, 0 or false', () => {
    for (const value of ['true', '1', 'yes', 'TRUE', 'github'])
      expect(isCi({ CI: value })).toBe(true);
    for (const value of [undefined, '', ' ', '0', 'false', 'False'])
      expect(isCi({ CI: value })).toBe(false);
  });

  it("finds the monorepo by its root's name beside pnpm-workspace.yaml, from any folder below it", () => {
    const root = folder();
    writeFileSync(join(root, 'pnpm-workspace.yaml'), 'packages: [templates/*]\n');
    writeFileSync(join(root, 'package.json'), '{"name":"loop-monorepo"}');
    const game = join(root, 'games', 'my-game');
    mkdirSync(game, { recursive: true });
    expect(inLoopMonorepo(game)).toBe(true);
    expect(toolsRequired({}, game)).toBe('the loop monorepo runs every test, none skipped');

    const other = folder();
    writeFileSync(join(other, 'pnpm-workspace.yaml'), 'packages: [games/*]\n');
    writeFileSync(join(other, 'package.json'), '{"name":"my-studio"}');
    expect(inLoopMonorepo(other)).toBe(false);
    const broken = folder();
    writeFileSync(join(broken, 'pnpm-workspace.yaml'), '');
    writeFileSync(join(broken, 'package.json'), '{');
    expect(inLoopMonorepo(broken)).toBe(false);
    const named = folder(); // the name alone, without a workspace, is not it
    writeFileSync(join(named, 'package.json'), '{"name":"loop-monorepo"}');
    expect(inLoopMonorepo(named)).toBe(false);
  });

  it('lets a game outside skip, unless CI is set', () => {
    const game = folder();
    expect(toolsRequired({}, game)).toBeUndefined();
    expect(toolsRequired({ CI: 'false' }, game)).toBeUndefined();
    expect(toolsRequired({ CI: 'true' }, game)).toBe('CI is set, and a CI run must not skip it');
  });
});
