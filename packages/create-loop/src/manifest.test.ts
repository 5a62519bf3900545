import { describe, expect, it } from 'vitest';
import { CliError } from './errors.js';
import {
  formatManifest,
  parseManifest,
  toScaffoldManifest,
  withoutMonorepoTooling,
} from './manifest.js';

const versions = { '@loop/core': '0.1.0' };

describe('toScaffoldManifest', () => {
  it('renames the package in place and rewrites workspace deps', () => {
    const out = toScaffoldManifest(
      { name: 'template-canvas2d', private: true, dependencies: { '@loop/core': 'workspace:^' } },
      { name: 'my-game', versions },
    );
    expect(out).toEqual({
      name: 'my-game',
      private: true,
      dependencies: { '@loop/core': '^0.1.0' },
    });
    expect(Object.keys(out)[0]).toBe('name');
  });

  it('puts a missing name first', () => {
    expect(Object.keys(toScaffoldManifest({ version: '1.0.0' }, { name: 'g', versions }))).toEqual([
      'name',
      'version',
    ]);
  });

  it('refuses to produce a manifest that still holds workspace: anywhere', () => {
    expect(() =>
      toScaffoldManifest(
        { name: 't', pnpm: { overrides: { x: 'workspace:*' } } },
        { name: 'g', versions },
      ),
    ).toThrow(CliError);
  });

  it('names every workspace: spec left, and leaves specs that are no strings as they are', () => {
    expect(() =>
      toScaffoldManifest(
        { name: 't', overrides: { a: 'workspace:^', b: 'workspace:~' } },
        { name: 'g', versions },
      ),
    ).toThrow(
      new CliError(
        "the template's package.json still has workspace: specs (overrides.a: workspace:^, overrides.b: workspace:~)",
      ),
    );
    const odd = { name: 't', dependencies: { a: 1, b: null } };
    expect(toScaffoldManifest(odd, { name: 'g', versions, keepWorkspace: new Set(['a']) })).toEqual(
      { name: 'g', dependencies: { a: 1, b: null } },
    );
  });

  it('keeps the workspace: specs it is told to keep, and only those', () => {
    const template = {
      name: 't',
      dependencies: { '@loop/core': 'workspace:^' },
      devDependencies: { '@loop/tools': 'workspace:*' },
    };
    const keepWorkspace = new Set(['@loop/core']);
    expect(
      toScaffoldManifest(template, {
        name: 'g',
        versions: { ...versions, '@loop/tools': '1.0.0' },
        keepWorkspace,
      }),
    ).toEqual({
      name: 'g',
      dependencies: { '@loop/core': 'workspace:^' },
      devDependencies: { '@loop/tools': '1.0.0' },
    });
    // A workspace: spec outside the dependency fields is still refused.
    expect(() =>
      toScaffoldManifest(
        { ...template, pnpm: { overrides: { '@loop/core': 'workspace:^' } } },
        { name: 'g', versions: { ...versions, '@loop/tools': '1.0.0' }, keepWorkspace },
      ),
    ).toThrow(/pnpm\.overrides\.@loop\/core: workspace:\^/);
  });
});

describe('parseManifest / formatManifest', () => {
  it('round-trips with two spaces and a final newline', () => {
    const text = '{\n  "name": "x",\n  "dependencies": {\n    "a": "1"\n  }\n}\n';
    expect(formatManifest(parseManifest(text, 'package.json'))).toBe(text);
  });
  it('names the file on bad JSON or a non-object', () => {
    expect(() => parseManifest('{', '/t/package.json')).toThrow(
      '/t/package.json is not valid JSON',
    );
    for (const text of ['[]', 'null', '3', '"name"', 'true']) {
      expect(() => parseManifest(text, '/t/package.json'), text).toThrow(
        new CliError('/t/package.json is not a JSON object'),
      );
    }
  });
});

describe('withoutMonorepoTooling', () => {
  it('drops the mutate script and the Stryker devDependencies, keeping everything else in order', () => {
    const template = {
      name: 'template-three',
      scripts: { dev: 'vite', mutate: 'stryker run', test: 'vitest run' },
      dependencies: { three: '~0.187.0' },
      devDependencies: {
        '@stryker-mutator/core': '~9.6.1',
        '@stryker-mutator/vitest-runner': '~9.6.1',
        vite: '~8.3.8',
      },
    };
    const out = withoutMonorepoTooling(template);
    expect(out).toEqual({
      name: 'template-three',
      scripts: { dev: 'vite', test: 'vitest run' },
      dependencies: { three: '~0.187.0' },
      devDependencies: { vite: '~8.3.8' },
    });
    expect(Object.keys(out.scripts as object)).toEqual(['dev', 'test']);
    expect(template.scripts.mutate).toBe('stryker run'); // the template's own object untouched
  });

  it('drops a field left empty and leaves a manifest without them as it is', () => {
    expect(
      withoutMonorepoTooling({
        name: 'x',
        scripts: { mutate: 'stryker run' },
        devDependencies: { '@stryker-mutator/core': '1' },
      }),
    ).toEqual({ name: 'x' });
    const plain = {
      name: 'y',
      scripts: { dev: 'vite' },
      dependencies: { '@stryker-mutator/api': '1' },
    };
    expect(withoutMonorepoTooling(plain)).toEqual(plain);
  });

  it('leaves fields that hold no object as they are', () => {
    const odd = { name: 'z', scripts: null, devDependencies: 'none' };
    expect(withoutMonorepoTooling(odd)).toEqual(odd);
  });
});
