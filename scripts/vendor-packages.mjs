/**
 * A game's `@loop/*` packages as tarballs inside the game, for the time before they are on npm:
 * `pnpm create:local` (create-local.mjs) and create-loop's end-to-end test install a scaffold
 * from packed packages this way. With more than one package (multiplayer needs @loop/core and
 * @loop/net, whose own manifest asks for `@loop/core@^<version>`), the game's package.json also
 * gets overrides for npm, pnpm and yarn, so that inner dependency takes the same tarball instead
 * of asking a registry that does not have it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The fields of a package.json a scaffold's `@loop/*` dependencies can be in. */
const FIELDS = ['dependencies', 'devDependencies'];

/**
 * The monorepo's published library packages (`packages/*` that are not private, create-loop
 * aside) as `{ name, dir, version }`, sorted by name. Found, not listed, so a new package is
 * built and packed by create:local the day it is added.
 * @param {string} root the monorepo's root
 * @returns {{ name: string, dir: string, version: string }[]}
 */
export function publishedLibraries(root) {
  const found = [];
  for (const entry of readdirSync(join(root, 'packages'))) {
    const file = join(root, 'packages', entry, 'package.json');
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8'));
    if (manifest.private || manifest.name === 'create-loop') continue;
    found.push({
      name: manifest.name,
      dir: join(root, 'packages', entry),
      version: manifest.version,
    });
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The names of the `@loop/*` packages `manifest` depends on, in the order its fields list them.
 * @param {Record<string, any>} manifest
 * @returns {string[]}
 */
export function loopDependencies(manifest) {
  return FIELDS.flatMap((field) =>
    Object.keys(manifest[field] ?? {}).filter((name) => name.startsWith('@loop/')),
  );
}

/**
 * `manifest` with each package of `specs` (name -> spec, e.g. `file:vendor/loop-core-0.1.0.tgz`)
 * set where it is depended on, and, when there are two or more, the same specs as overrides for
 * npm (`overrides`), pnpm (`pnpm.overrides`) and yarn (`resolutions`). Returns a new object; the
 * names of `specs` must all be dependencies of `manifest` (a TypeError names one that is not).
 * @param {Record<string, any>} manifest
 * @param {Record<string, string>} specs
 * @returns {Record<string, any>}
 */
export function withVendoredSpecs(manifest, specs) {
  const next = structuredClone(manifest);
  for (const [name, spec] of Object.entries(specs)) {
    const field = FIELDS.find((f) => next[f]?.[name] !== undefined);
    if (field === undefined) throw new TypeError(`package.json does not depend on ${name}`);
    next[field][name] = spec;
  }
  if (Object.keys(specs).length < 2) return next;
  next.overrides = { ...next.overrides, ...specs };
  next.pnpm = { ...next.pnpm, overrides: { ...next.pnpm?.overrides, ...specs } };
  next.resolutions = { ...next.resolutions, ...specs };
  return next;
}
