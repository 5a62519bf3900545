#!/usr/bin/env node
/**
 * The last step of `pnpm build`: writes the production build, dist/production/, which the
 * package serves under the `production` export condition. It is dist/ as tsc wrote it (the
 * JavaScript only; types stay in dist/) with checks.production.js in place of checks.js, so
 * every module that imports './checks.js' gets the functions that apply defaults and check
 * nothing. Source-map comments are dropped: the maps beside dist/ do not describe the copy.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const dist = join(import.meta.dirname, '..', 'dist');
const out = join(dist, 'production');

/** Every .js file under `dir`, the production folder itself left out. */
function scripts(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === out ? [] : scripts(path);
    return entry.name.endsWith('.js') ? [path] : [];
  });
}

rmSync(out, { recursive: true, force: true });
for (const file of scripts(dist)) {
  const name = relative(dist, file);
  if (name === 'checks.production.js') continue;
  const source = name === 'checks.js' ? join(dist, 'checks.production.js') : file;
  const text = readFileSync(source, 'utf8').replace(/\n\/\/# sourceMappingURL=.*\n?$/, '\n');
  mkdirSync(dirname(join(out, name)), { recursive: true });
  writeFileSync(join(out, name), text);
}
