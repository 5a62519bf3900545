#!/usr/bin/env node
/**
 * The last step of `pnpm build`: writes the production build, dist/production/, which the
 * package serves under the `production` export condition. It is dist/ as tsc wrote it (the
 * JavaScript only; types stay in dist/) with checks.production.js in place of checks.js, so
 * every module that imports './checks.js' gets the functions that apply defaults and check
 * nothing, and without the lines marked `// development build only` (the check of unknown
 * options). Source-map comments are dropped: the maps beside dist/ do not describe the copy.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const dist = join(import.meta.dirname, '..', 'dist');
const out = join(dist, 'production');

/**
 * Node-only entries, which no bundler builds for a page, so they have no production build: the
 * `./e2e` export has no `production` condition.
 */
const NODE_ONLY = [join(dist, 'e2e')];

/** Every .js file under `dir`, the production folder and the Node-only entries left out. */
function scripts(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === out || NODE_ONLY.includes(path) ? [] : scripts(path);
    return entry.name.endsWith('.js') ? [path] : [];
  });
}

/**
 * The mark of a statement only the development build runs (the check of unknown options, whose
 * tables live in known-options.js): the production copy leaves every line that ends with it
 * out, its import included, so a production bundle carries neither the call nor the module.
 */
const DEVELOPMENT_ONLY = '// development build only';

rmSync(out, { recursive: true, force: true });
for (const file of scripts(dist)) {
  const name = relative(dist, file);
  if (name === 'checks.production.js') continue;
  const source = name === 'checks.js' ? join(dist, 'checks.production.js') : file;
  const text = readFileSync(source, 'utf8')
    .replace(/\n\/\/# sourceMappingURL=.*\n?$/, '\n')
    .split('\n')
    .filter((line) => !line.trimEnd().endsWith(DEVELOPMENT_ONLY))
    .join('\n');
  if (name !== 'known-options.js' && text.includes('known-options.js')) {
    throw new Error(`${name}: an import of known-options.js without the mark ${DEVELOPMENT_ONLY}`);
  }
  mkdirSync(dirname(join(out, name)), { recursive: true });
  writeFileSync(join(out, name), text);
}
