import { lstatSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { expect } from 'vitest';
import { loopDependencies, withVendoredSpecs } from '../../../scripts/vendor-packages.mjs';
import { filesContaining, PKG_DIR, tree } from '../test/helpers.js';
import { installScaffold } from './own-tests.js';
import { createLoop, type Packs } from './packs.js';
import type { Template } from './templates.js';

/** A project the packed CLI wrote: its folder, package.json, and the libraries it depends on. */
export interface Scaffolded {
  app: string;
  manifest: ReturnType<typeof JSON.parse>;
  /** The @loop libraries the project depends on. */
  wanted: string[];
}

/**
 * Step 1 of the published path (scaffold.e2e.test.ts): `template` scaffolded into `work/my-game`
 * with the packed CLI, no prompt; no `workspace:` spec, no mutation-testing mark, no
 * `_gitignore` left in it, and every @loop library at the packed version.
 */
export async function expectScaffolded(
  packs: Packs,
  work: string,
  template: Template,
): Promise<Scaffolded> {
  const created = await createLoop(packs.cliTgz, work, [
    'my-game',
    '--template',
    template,
    '--no-interactive',
  ]);
  expect(created.stdout).toContain('npm install');
  const app = join(work, 'my-game');
  const files = tree(app);
  expect(files).toContain('.gitignore');
  expect(files.filter((f) => f.endsWith('_gitignore'))).toEqual([]);
  expect(filesContaining(app, 'workspace:')).toEqual([]);
  expect(filesContaining(app, '// Stryker disable'), 'mutation-testing marks').toEqual([]);
  const manifest = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8'));
  expect(manifest.name).toBe('my-game');
  const wanted = loopDependencies(manifest);
  expect(wanted).toContain('@loop/core');
  for (const name of wanted) {
    const field = manifest.dependencies?.[name] ? 'dependencies' : 'devDependencies';
    expect(manifest[field][name], name).toBe(`^${packs.version}`);
  }
  return { app, manifest, wanted };
}

/**
 * Step 2: install. The libraries are not on the registry yet: point the same dependencies at
 * the packed tarballs (copies from the tarballs, never links into the monorepo), overridden
 * where one library depends on another, as `pnpm create:local` does.
 */
export async function expectInstalledFromPacks(
  packs: Packs,
  { app, manifest, wanted }: Scaffolded,
  template: Template,
): Promise<void> {
  const vendored = withVendoredSpecs(
    manifest,
    Object.fromEntries(wanted.map((name) => [name, packs.librarySpecs[name]!])),
  );
  writeFileSync(join(app, 'package.json'), `${JSON.stringify(vendored, null, 2)}\n`);
  await installScaffold(app, template === 'multiplayer');
  for (const name of wanted) {
    const installed = join(app, 'node_modules', name);
    expect(JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')).version).toBe(
      packs.version,
    );
    const real = realpathSync(installed);
    expect(
      real.startsWith(resolve(PKG_DIR, '..', '..') + sep),
      `${name} resolves into the monorepo: ${real}`,
    ).toBe(false);
    expect(lstatSync(join(installed, 'dist')).isDirectory()).toBe(true);
  }
}
