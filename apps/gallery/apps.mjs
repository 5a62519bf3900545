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
 * Each app's folder is `dir` when apps.json names one (an app that is not a template, such as
 * apps/lab), else templates/<name>.
 * @type {{ name: string, port: number, title: string, blurb: string, root: string }[]}
 */
export const apps = JSON.parse(readFileSync(resolve(galleryRoot, 'apps.json'), 'utf8')).map(
  (app) => ({ ...app, root: resolve(repoRoot, app.dir ?? `templates/${app.name}`) }),
);
