/// <reference types="node" />
import { homedir } from 'node:os';
import { join } from 'node:path';
import { type Env, type Found, findExecutable, type SearchPlaces } from './find-executable.js';

/**
 * What to do without a Firefox: one line, for the skip message and the error alike. A stock
 * Firefox, not Playwright's patched build: tests drive it over WebDriver BiDi (puppeteer-core).
 */
export const INSTALL_FIREFOX =
  'install Firefox (Debian/Ubuntu: sudo apt-get install firefox-esr; macOS and Windows: mozilla.org), or set FIREFOX_PATH';

/** Firefox (ESR, release, Developer Edition, Nightly) where its installers put it on `platform`. */
export function usualFirefoxPaths(
  platform: string = process.platform,
  env: Env = process.env,
): string[] {
  if (platform === 'darwin') {
    const apps = ['/Applications', join(homedir(), 'Applications')];
    return apps.flatMap((folder) =>
      ['Firefox', 'Firefox Developer Edition', 'Firefox Nightly'].map(
        (app) => `${folder}/${app}.app/Contents/MacOS/firefox`,
      ),
    );
  }
  if (platform === 'win32') {
    const roots = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter(
      (root): root is string => root !== undefined,
    );
    return roots.flatMap((root) =>
      ['Mozilla Firefox', 'Firefox Developer Edition', 'Firefox Nightly'].map((app) =>
        join(root, app, 'firefox.exe'),
      ),
    );
  }
  return [
    '/usr/bin/firefox-esr',
    '/usr/bin/firefox',
    '/usr/lib/firefox-esr/firefox-esr',
    '/usr/lib/firefox/firefox',
    '/opt/firefox/firefox',
    '/snap/bin/firefox',
  ];
}

/**
 * A Firefox for a second-engine test, found the usual ways: FIREFOX_PATH, where the system
 * installs Firefox (Debian's `firefox-esr` first), then `firefox-esr` or `firefox` on PATH.
 */
export function findFirefox(places: SearchPlaces = {}): Found {
  const env = places.env ?? process.env;
  return findExecutable({
    variables: ['FIREFOX_PATH'],
    candidates: places.usual ?? usualFirefoxPaths(process.platform, env),
    names: ['firefox-esr', 'firefox'],
    env,
    missing: 'Firefox',
  });
}
