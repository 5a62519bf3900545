/// <reference types="node" />
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { type Env, type Found, findExecutable, type SearchPlaces } from './find-executable.js';

/**
 * What to do without a Chromium: one line, for the skip message and the error alike, so a
 * developer on any system reads the one step that makes the browser tests run.
 */
export const INSTALL_CHROMIUM =
  'install Google Chrome or Chromium (or `npx playwright install chromium`), or set CHROMIUM_PATH';

/**
 * Chrome, Chromium and Edge (Chromium too) where their installers put them on `platform`
 * (`process.platform`'s names): a developer's own browser serves, no download needed.
 */
export function usualChromiumPaths(
  platform: string = process.platform,
  env: Env = process.env,
): string[] {
  if (platform === 'darwin') {
    const apps = ['/Applications', join(homedir(), 'Applications')];
    return apps.flatMap((folder) => [
      `${folder}/Google Chrome.app/Contents/MacOS/Google Chrome`,
      `${folder}/Chromium.app/Contents/MacOS/Chromium`,
      `${folder}/Microsoft Edge.app/Contents/MacOS/Microsoft Edge`,
    ]);
  }
  if (platform === 'win32') {
    const roots = [env.LOCALAPPDATA, env.PROGRAMFILES, env['PROGRAMFILES(X86)']].filter(
      (root): root is string => root !== undefined,
    );
    return roots.flatMap((root) => [
      join(root, 'Google', 'Chrome', 'Application', 'chrome.exe'),
      join(root, 'Chromium', 'Application', 'chrome.exe'),
      join(root, 'Microsoft', 'Edge', 'Application', 'msedge.exe'),
    ]);
  }
  return [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/opt/google/chrome/chrome',
    '/snap/bin/chromium',
  ];
}

/**
 * The browser of the Playwright the project in `dir` has installed (`playwright-core` or
 * `playwright`, if any), resolved from the project, not from this package: its
 * `chromium.executablePath()` names the file it downloaded, or would download.
 */
export function playwrightChromium(dir: string = process.cwd()): string | undefined {
  const require = createRequire(join(dir, 'package.json'));
  for (const name of ['playwright-core', 'playwright']) {
    try {
      const { chromium } = require(name) as { chromium: { executablePath(): string } };
      return chromium.executablePath();
    } catch {
      // not installed there
    }
  }
  return undefined;
}

/**
 * Browsers `npx playwright install chromium` downloaded for any project (its cache folder, or
 * PLAYWRIGHT_BROWSERS_PATH), newest first: a test that drives the browser over the DevTools
 * protocol, or through any Playwright, is served by any recent version.
 */
export function playwrightCache(env: Env = process.env): string[] {
  const cache =
    env.PLAYWRIGHT_BROWSERS_PATH ||
    (process.platform === 'darwin'
      ? join(homedir(), 'Library', 'Caches', 'ms-playwright')
      : process.platform === 'win32'
        ? join(env.LOCALAPPDATA ?? homedir(), 'ms-playwright')
        : join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'ms-playwright'));
  let folders: string[];
  try {
    folders = readdirSync(cache).filter((name) => /^chromium-\d+$/.test(name));
  } catch {
    return [];
  }
  const builds = folders.sort((a, b) => Number(b.slice(9)) - Number(a.slice(9)));
  return builds.flatMap((build) =>
    [
      'chrome-linux64/chrome',
      'chrome-linux/chrome',
      'chrome-mac-arm64/Chromium.app/Contents/MacOS/Chromium',
      'chrome-mac/Chromium.app/Contents/MacOS/Chromium',
      'chrome-win64/chrome.exe',
      'chrome-win/chrome.exe',
    ].map((file) => join(cache, build, file)),
  );
}

/**
 * A Chromium for a browser test, found the usual ways on Linux, macOS and Windows alike:
 * CHROMIUM_PATH or CHROME_PATH, the project's Playwright browser, any browser Playwright
 * downloaded, Chrome, Chromium or Edge where the system installs them, then `chromium`,
 * `google-chrome` and the like on PATH. `places` replaces the environment or the usual paths
 * (tests use it to look nowhere but where they say).
 */
export function findChromium(places: SearchPlaces = {}): Found {
  const env = places.env ?? process.env;
  return findExecutable({
    variables: ['CHROMIUM_PATH', 'CHROME_PATH'],
    candidates: places.usual ?? [
      () => playwrightChromium(),
      ...playwrightCache(env),
      ...usualChromiumPaths(process.platform, env),
    ],
    names: ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome'],
    env,
    missing: 'Chromium or Chrome',
  });
}
