#!/usr/bin/env node
/**
 * The last step of `pnpm build`: writes the development build of `@loop/net/rollback`,
 * dist/development/rollback/, which the package serves under the `development` export condition
 * (Vite's dev server, Vitest, webpack's development mode, `node --conditions=development`). It
 * is dist/rollback/ as tsc wrote it (the JavaScript only; types stay in dist/) with
 * defaults.development.js in place of defaults.js, so a `RollbackSession` runs the sync test
 * unless told not to. Source-map comments are dropped: the maps beside dist/ do not describe
 * the copy. As @loop/core's production build (its scripts/production.mjs), the other way round:
 * here the plain build is the lean one, since the check costs steps, not bytes.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dist = join(import.meta.dirname, '..', 'dist');
const from = join(dist, 'rollback');
const out = join(dist, 'development', 'rollback');

rmSync(join(dist, 'development'), { recursive: true, force: true });
mkdirSync(out, { recursive: true });
for (const name of readdirSync(from)) {
  if (!name.endsWith('.js') || name === 'defaults.development.js') continue;
  const source = name === 'defaults.js' ? 'defaults.development.js' : name;
  const text = readFileSync(join(from, source), 'utf8').replace(
    /\n\/\/# sourceMappingURL=.*\n?$/,
    '\n',
  );
  // The copy stands alone: an import that leaves dist/rollback/ would find nothing beside it.
  const outside = text.match(/from '\.\.\/[^']*'/);
  if (outside) throw new Error(`${name}: ${outside[0]} leaves the rollback folder the copy holds`);
  writeFileSync(join(out, name), text);
}
