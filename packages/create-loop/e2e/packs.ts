import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import { publishedLibraries } from '../../../scripts/vendor-packages.mjs';
import { PKG_DIR } from '../test/helpers.js';
import { exec } from './processes.js';

/** What the end-to-end test installs a scaffold from: every package as `pnpm publish` packs it. */
export interface Packs {
  /** Library name (`@loop/core`, `@loop/net`, ...) -> `file:<its tarball>`. */
  librarySpecs: Record<string, string>;
  /** The libraries' version (they are released at one version). */
  version: string;
  /** The packed create-loop. */
  cliTgz: string;
}

/**
 * Packs every library a template may depend on, and create-loop, into `packs`. pnpm pack, like
 * pnpm publish, rewrites `workspace:` specs, so the tarballs are what the registry will hold.
 * Why all of them: the library packages are released together, and a template may need any.
 */
export async function packAll(packs: string): Promise<Packs> {
  const libraries = publishedLibraries(resolve(PKG_DIR, '..', '..'));
  const librarySpecs: Record<string, string> = {};
  for (const library of libraries) {
    expect(existsSync(join(library.dir, 'dist')), `${library.name} is not built`).toBe(true);
    await exec('pnpm', ['pack', '--pack-destination', packs], { cwd: library.dir });
    const tarball = `${library.name.slice(1).replace('/', '-')}-${library.version}.tgz`;
    librarySpecs[library.name] = `file:${join(packs, tarball)}`;
  }
  const cliTgz = await packCli(packs);
  const version = libraries.find((library) => library.name === '@loop/core')!.version;
  return { librarySpecs, version, cliTgz };
}

/** Packs create-loop into `packs`, as `pnpm publish` would; returns the tarball's path. */
export async function packCli(packs: string): Promise<string> {
  await exec('pnpm', ['pack', '--pack-destination', packs], { cwd: PKG_DIR });
  const cli = readdirSync(packs).find((f) => f.startsWith('create-loop-'))!;
  return join(packs, cli);
}

/** `npm exec --yes --package=<cliTgz> -- create-loop ...`: how `npm create loop` runs it. */
export function createLoop(cliTgz: string, cwd: string, args: readonly string[]) {
  return exec('npm', ['exec', '--yes', `--package=${cliTgz}`, '--', 'create-loop', ...args], {
    cwd,
  });
}
