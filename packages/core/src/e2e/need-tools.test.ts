import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolders } from '../test-support/temp-folders.js';
import { findXvfb, INSTALL_XVFB, needsVirtualDisplay, startVirtualDisplay } from './display.js';
import { INSTALL_CHROMIUM, playwrightChromium } from './find-chromium.js';
import { findFirefox, INSTALL_FIREFOX, usualFirefoxPaths } from './find-firefox.js';
import { chromiumOrSkip, firefoxOrSkip, needTools } from './need-tools.js';

/** A fresh folder under the test's temporary one. */
const folder = tempFolders('loop-need-tools-');

/** An executable shell script at `dir/name` running `body`; returns its path. */
function program(dir: string, name: string, body = ''): string {
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

/** A game outside the monorepo, and the options that read it with `env`, lines into `lines`. */
function outside(env: NodeJS.ProcessEnv) {
  const lines: string[] = [];
  return { lines, options: { env, dir: folder(), log: (line: string) => lines.push(line) } };
}

describe('findFirefox and findXvfb', () => {
  it('reads FIREFOX_PATH, then the usual paths, then firefox-esr or firefox on PATH', () => {
    const dir = folder();
    const explicit = program(dir, 'my-firefox');
    const usual = program(dir, 'usual-firefox');
    expect(findFirefox({ env: { FIREFOX_PATH: explicit }, usual: [usual] }).path).toBe(explicit);
    expect(findFirefox({ env: {}, usual: [usual] }).path).toBe(usual);
    const esr = program(folder(), 'firefox-esr');
    expect(findFirefox({ env: { PATH: join(esr, '..') }, usual: [] }).path).toBe(esr);
    expect(findFirefox({ env: { PATH: folder() }, usual: [] }).why).toBe('no Firefox found');
  });

  it('knows where Firefox installs on Linux, macOS and Windows', () => {
    expect(usualFirefoxPaths('linux')[0]).toBe('/usr/bin/firefox-esr');
    expect(usualFirefoxPaths('darwin')).toContain(
      '/Applications/Firefox.app/Contents/MacOS/firefox',
    );
    const windows = usualFirefoxPaths('win32', { PROGRAMFILES: 'C:\\Program Files' });
    expect(windows[0]).toBe(join('C:\\Program Files', 'Mozilla Firefox', 'firefox.exe'));
    expect(windows).toHaveLength(3); // only the folders the environment names
  });

  it('reads XVFB_PATH, then the usual paths, then Xvfb on PATH; needed off macOS and Windows', () => {
    const xvfb = program(folder(), 'Xvfb');
    expect(findXvfb({ env: { XVFB_PATH: xvfb }, usual: [] }).path).toBe(xvfb);
    expect(findXvfb({ env: { PATH: join(xvfb, '..') }, usual: [] }).path).toBe(xvfb);
    expect(findXvfb({ env: {}, usual: [] }).why).toBe('no Xvfb found');
    expect([needsVirtualDisplay('linux'), needsVirtualDisplay('freebsd')]).toEqual([true, true]);
    expect([needsVirtualDisplay('darwin'), needsVirtualDisplay('win32')]).toEqual([false, false]);
  });

  it("asks the project's own Playwright for its browser, not this package's", () => {
    const project = folder();
    const fake = join(project, 'node_modules', 'playwright-core');
    mkdirSync(fake, { recursive: true });
    writeFileSync(join(fake, 'package.json'), '{"name":"playwright-core","main":"index.js"}');
    writeFileSync(
      join(fake, 'index.js'),
      "exports.chromium = { executablePath: () => '/the/project/chrome' };",
    );
    expect(playwrightChromium(project)).toBe('/the/project/chrome');
  });

  it('says what to install in one line each', () => {
    for (const line of [INSTALL_CHROMIUM, INSTALL_FIREFOX, INSTALL_XVFB]) {
      expect(line).toMatch(/^install .*, or set [A-Z_]+$/);
      expect(line).not.toContain('\n');
    }
  });
});

describe('needTools: the paths, or a skip line each, or a failure in CI and the monorepo', () => {
  const found = { path: '/bin/tool' } as const;
  const missing = { path: undefined, why: 'no tool found' } as const;
  const needs = {
    here: { tests: 'the first test', found, install: 'install nothing' },
    gone: { tests: 'the second test', found: missing, install: 'install the tool' },
  };

  it('on a developer machine: the paths found, and one line for each that is missing', () => {
    const { lines, options } = outside({});
    expect(needTools(needs, options)).toEqual({ here: '/bin/tool', gone: undefined });
    expect(lines).toEqual(['Skipping the second test: no tool found; install the tool.']);
  });

  it('in CI or in the loop monorepo: throws every missing line and why it may not skip', () => {
    const { lines, options } = outside({ CI: 'true' });
    expect(() => needTools(needs, options)).toThrow(
      'no tool found: install the tool\n(not skipped: CI is set, and a CI run must not skip it)',
    );
    const monorepo = join(import.meta.dirname, '../../../..');
    expect(() => needTools(needs, { ...options, env: {}, dir: monorepo })).toThrow(
      '(not skipped: the loop monorepo runs every test, none skipped)',
    );
    expect(lines).toEqual([]);
  });

  it('says nothing and throws nothing when everything is there, even in CI', () => {
    const { lines, options } = outside({ CI: 'true' });
    expect(needTools({ here: needs.here }, options)).toEqual({ here: '/bin/tool' });
    expect(lines).toEqual([]);
  });

  it('chromiumOrSkip: the browser CHROMIUM_PATH names, or undefined after one line', () => {
    const chrome = program(folder(), 'chrome');
    const { lines, options } = outside({ CHROMIUM_PATH: chrome });
    expect(chromiumOrSkip('the page test', options)).toBe(chrome);
    const nowhere = join(folder(), 'chrome');
    const missed = outside({ CHROMIUM_PATH: nowhere });
    expect(chromiumOrSkip(undefined, missed.options)).toBeUndefined();
    expect(lines).toEqual([]);
    expect(missed.lines).toEqual([
      `Skipping the Chromium tests: CHROMIUM_PATH is ${nowhere}, which is no executable file; ${INSTALL_CHROMIUM}.`,
    ]);
  });

  it('firefoxOrSkip: Firefox, with Xvfb on Linux only, or undefined after a line for each missing', () => {
    const dir = folder();
    const [firefox, xvfb] = [program(dir, 'firefox'), program(dir, 'Xvfb')];
    const both = { FIREFOX_PATH: firefox, XVFB_PATH: xvfb };
    expect(firefoxOrSkip('x', { ...outside(both).options, platform: 'linux' })).toEqual({
      firefox,
      xvfb,
    });
    const mac = outside({ FIREFOX_PATH: firefox, XVFB_PATH: join(dir, 'none') });
    expect(firefoxOrSkip('x', { ...mac.options, platform: 'darwin' })).toEqual({
      firefox,
      xvfb: undefined,
    });
    expect(mac.lines).toEqual([]);
    const linux = outside({ FIREFOX_PATH: firefox, XVFB_PATH: join(dir, 'none') });
    expect(firefoxOrSkip('the Firefox test', { ...linux.options, platform: 'linux' })).toBe(
      undefined,
    );
    expect(linux.lines).toEqual([
      `Skipping the Firefox test: XVFB_PATH is ${join(dir, 'none')}, which is no executable file; ${INSTALL_XVFB}.`,
    ]);
    const none = outside({ FIREFOX_PATH: join(dir, 'none') });
    expect(firefoxOrSkip(undefined, { ...none.options, platform: 'win32' })).toBeUndefined();
    expect(none.lines).toEqual([
      `Skipping the Firefox tests: FIREFOX_PATH is ${join(dir, 'none')}, which is no executable file; ${INSTALL_FIREFOX}.`,
    ]);
  });
});

describe('startVirtualDisplay', () => {
  it('resolves with the display the server wrote to fd 3, and close() stops it', async () => {
    const server = program(folder(), 'Xvfb', 'echo 42 >&3\nexec sleep 60');
    const display = await startVirtualDisplay(server);
    expect(display.display).toBe(':42');
    display.close();
  });

  it('rejects with what the server said when it exits first', async () => {
    const server = program(folder(), 'Xvfb', 'echo "no screens found" >&2\nexit 1');
    await expect(startVirtualDisplay(server)).rejects.toThrow('Xvfb exited (1): no screens found');
  });
});
