/**
 * The apps the gallery serves: every template, run from its own folder (no copy of its code),
 * on a fixed port so the gallery's links are known in advance. One list for dev.mjs, build.mjs,
 * the site test and the page (which imports apps.json directly).
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const galleryRoot = dirname(fileURLToPath(import.meta.url));
export const repoRoot = resolve(galleryRoot, '../..');
export const galleryPort = 5173;
/** The docs of @loop/core, as the docs package builds it (served at docs/ of the site). */
export const docsDist = resolve(repoRoot, 'apps/docs/dist');

/**
 * Every app of apps.json. Each app's folder is `dir` when apps.json names one (an app that is not
 * a template, such as apps/lab), else templates/<name>. An app with `"server": true` needs a game
 * server of its own beside its page (multiplayer's Colyseus room), which a static site cannot run.
 * An app's `paths` are the site-wide paths its page asks its dev server for (multiplayer's
 * `/colyseus`; rollback's `/__signal`, where online play finds its signaling server), which the
 * dev server (dev-server.mjs) proxies to the app's server beside `/<name>/`.
 * @typedef {{ name: string, port: number, title: string, blurb: string, root: string, server?: boolean, paths?: string[] }} App
 */
/** @type {App[]} */
export const allApps = JSON.parse(readFileSync(resolve(galleryRoot, 'apps.json'), 'utf8')).map(
  (app) => ({ ...app, root: resolve(repoRoot, app.dir ?? `templates/${app.name}`) }),
);
/**
 * The apps of the built site: every app but the server apps. What build.mjs builds and the site's
 * tests open, so a server app is left out by what apps.json declares, not by name in each test.
 * @type {App[]}
 */
export const apps = allApps.filter((app) => !app.server);
/**
 * The apps that need their own server: `pnpm dev` serves each like the others (its own Vite dev
 * server, whose plugin starts the game server), and the built site gives each a card that says
 * how to run it instead of a link to a page that could not connect.
 * @type {App[]}
 */
export const serverApps = allApps.filter((app) => app.server);
