import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loopDependencies, publishedLibraries, withVendoredSpecs } from './vendor-packages.mjs';

const root = resolve(import.meta.dirname, '..');

describe('publishedLibraries', () => {
  it('finds every public library package, and neither create-loop nor the private ones', () => {
    const names = publishedLibraries(root).map((library) => library.name);
    expect(names).toContain('@loop/core');
    expect(names).toContain('@loop/net');
    expect(names).not.toContain('create-loop');
    expect(names).not.toContain('@loop/release');
    expect(names).toEqual([...names].sort());
    for (const library of publishedLibraries(root))
      expect(library.version).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('loopDependencies', () => {
  it('lists @loop/* names from dependencies then devDependencies, nothing else', () => {
    const manifest = {
      dependencies: { three: '1', '@loop/net': '^1.0.0', '@loop/core': '^1.0.0' },
      devDependencies: { '@loop/rapier': '^1.0.0', '@loopy/x': '1' },
      peerDependencies: { '@loop/other': '1' },
    };
    expect(loopDependencies(manifest)).toEqual(['@loop/net', '@loop/core', '@loop/rapier']);
    expect(loopDependencies({})).toEqual([]);
  });
});

describe('withVendoredSpecs', () => {
  const manifest = {
    name: 'game',
    dependencies: { '@loop/core': '^0.1.0', '@loop/net': '^0.1.0', vite: '8' },
    devDependencies: { typescript: '7' },
    overrides: { other: '1' },
  };

  it('sets one package where it is, and adds no overrides for one', () => {
    const next = withVendoredSpecs(
      { dependencies: { '@loop/core': '^0.1.0' } },
      { '@loop/core': 'file:vendor/loop-core-0.1.0.tgz' },
    );
    expect(next).toEqual({ dependencies: { '@loop/core': 'file:vendor/loop-core-0.1.0.tgz' } });
  });

  it('sets several and overrides them for npm, pnpm and yarn, keeping what was there', () => {
    const specs = {
      '@loop/core': 'file:vendor/loop-core-0.1.0.tgz',
      '@loop/net': 'file:vendor/loop-net-0.1.0.tgz',
    };
    const next = withVendoredSpecs(manifest, specs);
    expect(next.dependencies).toEqual({ ...specs, vite: '8' });
    expect(next.devDependencies).toEqual({ typescript: '7' });
    expect(next.overrides).toEqual({ other: '1', ...specs });
    expect(next.pnpm).toEqual({ overrides: specs });
    expect(next.resolutions).toEqual(specs);
    // A new object: the one given is unchanged.
    expect(manifest.dependencies['@loop/core']).toBe('^0.1.0');
    expect(manifest.overrides).toEqual({ other: '1' });
  });

  it('finds a package in devDependencies too', () => {
    const next = withVendoredSpecs(
      { devDependencies: { '@loop/core': '^1.0.0' } },
      { '@loop/core': 'x' },
    );
    expect(next.devDependencies['@loop/core']).toBe('x');
  });

  it('refuses a package the manifest does not depend on, naming it', () => {
    expect(() => withVendoredSpecs(manifest, { '@loop/rapier': 'x' })).toThrow(
      new TypeError('package.json does not depend on @loop/rapier'),
    );
  });
});
