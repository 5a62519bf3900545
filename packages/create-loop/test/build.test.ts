import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  monorepoTemplates,
  PKG_DIR,
  shippedTemplateFiles,
  TEMPLATES_SOURCE,
  tree,
} from './helpers.js';

/**
 * What `pnpm build` puts beside the CLI, as the README's "How it works" describes it: the
 * monorepo's templates without build output and with `_gitignore`, and the versions of the
 * published workspace packages. The e2e checks the same in the packed tarball; this checks the
 * build the cli tests run against, without a registry or a browser.
 */

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

/** The monorepo's workspace packages (packages/*), by name. */
function workspacePackages(): Map<string, { version: string; private: boolean }> {
  const dir = resolve(PKG_DIR, '..');
  const found = new Map<string, { version: string; private: boolean }>();
  for (const name of readdirSync(dir)) {
    const file = join(dir, name, 'package.json');
    if (!existsSync(file)) continue;
    const manifest = readJson(file);
    found.set(manifest.name, { version: manifest.version, private: manifest.private === true });
  }
  return found;
}

const templates = monorepoTemplates();

describe('the built package', () => {
  it('has a template to test (the monorepo has templates/)', () => {
    expect(templates.length).toBeGreaterThan(0);
  });

  it.each(templates)(
    'templates/%s is the monorepo template without node_modules, dist, .turbo, *.tsbuildinfo, .gitignore as _gitignore',
    (name) => {
      const built = tree(join(PKG_DIR, 'templates', name));
      expect(built).toEqual(shippedTemplateFiles(join(TEMPLATES_SOURCE, name)));
      expect(built).toContain('_gitignore');
      expect(built.filter((f) => f.endsWith('.gitignore'))).toEqual([]);
    },
  );

  it.each(templates)(
    'templates/%s leaves the monorepo mutation testing behind: no Stryker files, script or devDependencies',
    (name) => {
      const built = tree(join(PKG_DIR, 'templates', name));
      expect(built.filter((f) => /stryker|^mutation\/|^MUTANTS\.md$|^reports\//.test(f))).toEqual(
        [],
      );
      const manifest = readJson(join(PKG_DIR, 'templates', name, 'package.json'));
      expect(manifest.scripts?.mutate).toBeUndefined();
      expect(
        Object.keys(manifest.devDependencies ?? {}).filter((d) => d.includes('stryker')),
      ).toEqual([]);
      const source = readJson(join(TEMPLATES_SOURCE, name, 'package.json'));
      expect({
        ...manifest,
        scripts: source.scripts,
        devDependencies: source.devDependencies,
      }).toEqual(source);
    },
  );

  it.each(templates)(
    'templates/%s carries the monorepo code without its Stryker directive lines, every other file as it is',
    (name) => {
      const built = join(PKG_DIR, 'templates', name);
      const directives = /^[ \t]*\/\/ Stryker (disable|restore)\b/m;
      for (const file of tree(built)) {
        if (file === 'package.json') continue; // the manifest is checked above
        const text = readFileSync(join(built, file), 'utf8');
        const source = readFileSync(join(TEMPLATES_SOURCE, name, file), 'utf8');
        expect(directives.test(text), `${name}/${file}`).toBe(false);
        const kept = source
          .split('\n')
          .filter((line) => !directives.test(line))
          .join('\n');
        expect(text, `${name}/${file}`).toBe(kept);
      }
    },
  );

  it('dist/workspace-versions.json holds the published version of every workspace: dependency of a template', () => {
    const versions: Record<string, string> = readJson(
      join(PKG_DIR, 'dist/workspace-versions.json'),
    );
    const packages = workspacePackages();
    // Every entry is a published (not private) workspace package at its current version.
    for (const [name, version] of Object.entries(versions)) {
      expect(packages.get(name), `${name} in workspace-versions.json`).toEqual({
        version,
        private: false,
      });
    }
    // Every workspace: spec in a template can be resolved from it.
    for (const name of templates) {
      const manifest = readJson(join(TEMPLATES_SOURCE, name, 'package.json'));
      for (const field of [
        'dependencies',
        'devDependencies',
        'peerDependencies',
        'optionalDependencies',
      ]) {
        for (const [dep, spec] of Object.entries<string>(manifest[field] ?? {})) {
          if (spec.startsWith('workspace:')) expect(Object.keys(versions)).toContain(dep);
        }
      }
    }
    expect(versions['@loop/core']).toBe(packages.get('@loop/core')?.version);
  });
});
