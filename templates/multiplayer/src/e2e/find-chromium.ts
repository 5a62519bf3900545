import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { type Found, findExecutable, type SearchPlaces } from './find-executable';

/** What to do without a browser: one line, for the skip message and the error alike. */
export const INSTALL_CHROMIUM =
  'install Google Chrome or Chromium (or `npx playwright install chromium`), or set CHROMIUM_PATH';

/** Chrome, Chromium and Edge (Chromium too) where their installers put them, for `platform`. */
export function usualChromiumPaths(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
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
 * The browser of the Playwright this project has installed (`playwright-core` or `playwright`,
 * if any): `chromium.executablePath()` names the file it downloaded, or would download.
 */
function playwrightChromium(): string | undefined {
  const require = createRequire(import.meta.url);
  for (const name of ['playwright-core', 'playwright']) {
    try {
      const { chromium } = require(name) as { chromium: { executablePath(): string } };
      return chromium.executablePath();
    } catch {
      // not installed here
    }
  }
  return undefined;
}

/**
 * Browsers `npx playwright install chromium` downloaded for any project (its cache folder, or
 * PLAYWRIGHT_BROWSERS_PATH), newest first: the test drives the browser over the DevTools
 * protocol itself, so any version serves.
 */
export function playwrightCache(env: NodeJS.ProcessEnv = process.env): string[] {
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
 * A Chromium for the browser test, found the usual ways: CHROMIUM_PATH or CHROME_PATH, this
 * project's Playwright browser, any browser Playwright downloaded, Chrome or Chromium where the
 * system installs it, then `chromium`, `google-chrome` and the like on PATH. `places` replaces
 * the environment or the usual paths (tests use it to look nowhere but where they say).
 */
export function findChromium(places: SearchPlaces = {}): Found {
  const env = places.env ?? process.env;
  return findExecutable({
    variables: ['CHROMIUM_PATH', 'CHROME_PATH'],
    candidates: places.usual ?? [
      playwrightChromium,
      ...playwrightCache(env),
      ...usualChromiumPaths(process.platform, env),
    ],
    names: ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome'],
    env,
    missing: 'Chromium or Chrome',
  });
}
