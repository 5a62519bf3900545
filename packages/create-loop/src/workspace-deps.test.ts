import { describe, expect, it } from 'vitest';
import { CliError } from './errors.js';
import {
  findWorkspaceSpecs,
  resolveWorkspaceSpec,
  rewriteWorkspaceDeps,
  workspaceDependencyNames,
  workspaceTarget,
} from './workspace-deps.js';

const versions = { '@loop/core': '0.1.0', '@loop/extra': '2.3.4' };

describe('resolveWorkspaceSpec', () => {
  it.each([
    ['workspace:^', '^0.1.0'],
    ['workspace:~', '~0.1.0'],
    ['workspace:*', '0.1.0'],
    ['workspace:^0.1.0', '^0.1.0'],
    ['workspace:0.1.0', '0.1.0'],
    ['workspace:>=0.1.0 <1', '>=0.1.0 <1'],
  ])('%s -> %s', (spec, expected) => {
    expect(resolveWorkspaceSpec('@loop/core', spec, versions)).toBe(expected);
  });

  it('leaves ordinary specs alone', () => {
    for (const spec of ['^1.0.0', '~0.187.0', 'latest', 'npm:other@1', 'file:../x.tgz']) {
      expect(resolveWorkspaceSpec('three', spec, versions)).toBe(spec);
    }
  });

  it('resolves the alias form to an npm: alias', () => {
    expect(resolveWorkspaceSpec('core', 'workspace:@loop/core@^', versions)).toBe(
      'npm:@loop/core@^0.1.0',
    );
    expect(resolveWorkspaceSpec('core', 'workspace:@loop/core@*', versions)).toBe(
      'npm:@loop/core@0.1.0',
    );
  });

  it('refuses an unknown package and a path spec, naming the dependency', () => {
    expect(() => resolveWorkspaceSpec('@loop/nope', 'workspace:^', versions)).toThrow(CliError);
    expect(() => resolveWorkspaceSpec('@loop/nope', 'workspace:^', versions)).toThrow(
      /@loop\/nope/,
    );
    expect(() => resolveWorkspaceSpec('x', 'workspace:../x', versions)).toThrow(/path/);
    expect(() => resolveWorkspaceSpec('x', 'workspace:/abs/x', versions)).toThrow(
      new CliError('x: "workspace:/abs/x" points at a path, which cannot be published'),
    );
    // Inherited object keys are not versions.
    expect(() => resolveWorkspaceSpec('toString', 'workspace:*', versions)).toThrow(CliError);
  });
});

describe('rewriteWorkspaceDeps', () => {
  it('rewrites every dependency field and nothing else', () => {
    const manifest = {
      name: 'template-three',
      scripts: { dev: 'vite', note: 'workspace:^ in a script is just text' },
      dependencies: { '@loop/core': 'workspace:^', three: '~0.187.0' },
      devDependencies: { '@loop/extra': 'workspace:~', vite: '~8.3.8' },
      peerDependencies: { '@loop/core': 'workspace:*' },
      optionalDependencies: { '@loop/extra': 'workspace:^2.0.0' },
    };
    const out = rewriteWorkspaceDeps(manifest, versions);
    expect(out).toEqual({
      name: 'template-three',
      scripts: manifest.scripts,
      dependencies: { '@loop/core': '^0.1.0', three: '~0.187.0' },
      devDependencies: { '@loop/extra': '~2.3.4', vite: '~8.3.8' },
      peerDependencies: { '@loop/core': '0.1.0' },
      optionalDependencies: { '@loop/extra': '^2.0.0' },
    });
    expect(manifest.dependencies['@loop/core']).toBe('workspace:^');
  });

  it('keeps the key order of the manifest and of each field', () => {
    const out = rewriteWorkspaceDeps(
      {
        name: 'x',
        dependencies: { z: '1', '@loop/core': 'workspace:^', a: '1' },
        version: '0.0.0',
      },
      versions,
    );
    expect(Object.keys(out)).toEqual(['name', 'dependencies', 'version']);
    expect(Object.keys(out.dependencies as object)).toEqual(['z', '@loop/core', 'a']);
  });

  it('tolerates missing or odd fields', () => {
    expect(rewriteWorkspaceDeps({ name: 'x', dependencies: null }, versions)).toEqual({
      name: 'x',
      dependencies: null,
    });
    const odd = { dependencies: { a: 1, b: null, '@loop/core': 'workspace:^' } };
    expect(rewriteWorkspaceDeps(odd, versions)).toEqual({
      dependencies: { a: 1, b: null, '@loop/core': '^0.1.0' },
    });
  });
});

describe('findWorkspaceSpecs', () => {
  it('finds workspace: strings anywhere, with their path', () => {
    expect(
      findWorkspaceSpecs({
        dependencies: { a: '^1' },
        pnpm: { overrides: { '@loop/core': 'workspace:*' } },
        list: ['workspace:^'],
      }),
    ).toEqual(['pnpm.overrides.@loop/core: workspace:*', 'list.0: workspace:^']);
    expect(findWorkspaceSpecs({ a: null, b: 3, c: true, d: [null, 'workspace:*'] })).toEqual([
      'd.1: workspace:*',
    ]);
    expect(findWorkspaceSpecs(null)).toEqual([]);
    expect(findWorkspaceSpecs(undefined)).toEqual([]);
  });
  it('finds none in a rewritten manifest', () => {
    expect(
      findWorkspaceSpecs(
        rewriteWorkspaceDeps({ dependencies: { '@loop/core': 'workspace:^' } }, versions),
      ),
    ).toEqual([]);
  });
});

describe('keeping workspace: specs (a project inside a workspace that holds them)', () => {
  const manifest = {
    dependencies: { '@loop/core': 'workspace:^', three: '~0.187.0' },
    devDependencies: { '@loop/extra': 'workspace:~', core: 'workspace:@loop/core@*' },
  };

  it('keeps the specs of the packages named, by the package they point at', () => {
    expect(rewriteWorkspaceDeps(manifest, versions, new Set(['@loop/core']))).toEqual({
      dependencies: { '@loop/core': 'workspace:^', three: '~0.187.0' },
      devDependencies: { '@loop/extra': '~2.3.4', core: 'workspace:@loop/core@*' },
    });
  });

  it('names each package a workspace: spec points at once', () => {
    expect(workspaceDependencyNames(manifest)).toEqual(['@loop/core', '@loop/extra']);
    expect(workspaceTarget('core', 'workspace:@loop/core@^')).toBe('@loop/core');
    expect(workspaceTarget('three', '~0.187.0')).toBeUndefined();
    expect(
      workspaceDependencyNames({
        dependencies: null,
        devDependencies: { a: 1, b: 'workspace:^' },
        peerDependencies: 'workspace:^',
      }),
    ).toEqual(['b']);
  });
});
