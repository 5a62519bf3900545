import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { buildId } from './build-id.js';
import { rapierGameConfig } from './game-config.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A game's folder: `files` under src/, and `versions` installed in node_modules. */
function game(files: Record<string, string>, versions: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'build-id-'));
  made.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(root, 'src', file, '..'), { recursive: true });
    writeFileSync(join(root, 'src', file), text);
  }
  for (const [name, version] of Object.entries(versions)) {
    mkdirSync(join(root, 'node_modules', name), { recursive: true });
    writeFileSync(join(root, 'node_modules', name, 'package.json'), JSON.stringify({ version }));
  }
  return root;
}

const VERSIONS = { '@dimforge/rapier3d': '0.21.0', '@loop/core': '0.1.0', '@loop/rapier': '0.1.0' };
const SOURCE = { 'main.ts': 'a', 'deep/x.ts': 'b', 'style.css': 'c' };

describe('buildId', () => {
  it('is 12 hex digits, the same for the same source and versions, from a path or a URL', () => {
    const a = game(SOURCE, VERSIONS);
    const b = game(SOURCE, VERSIONS);
    const id = buildId({ root: a });
    expect(id).toMatch(/^[0-9a-f]{12}$/);
    expect(buildId({ root: b })).toBe(id);
    expect(buildId({ root: pathToFileURL(join(a, 'vite.config.ts')).href })).toBe(id);
  });

  it('changes with any source file, its name or a version; not with tests or other files', () => {
    const id = buildId({ root: game(SOURCE, VERSIONS) });
    const changed = [
      game({ ...SOURCE, 'deep/x.ts': 'B' }, VERSIONS),
      game({ ...SOURCE, 'style.css': 'C' }, VERSIONS),
      game({ 'main.ts': 'a', 'deep/y.ts': 'b', 'style.css': 'c' }, VERSIONS),
      game(SOURCE, { ...VERSIONS, '@loop/core': '0.1.1' }),
      game(SOURCE, { ...VERSIONS, '@dimforge/rapier3d': '0.21.1' }),
    ];
    for (const root of changed) expect(buildId({ root })).not.toBe(id);
    const same = game(
      { ...SOURCE, 'main.test.ts': 'x', 'a.test-support.ts': 'y', 'notes.md': 'z' },
      VERSIONS,
    );
    expect(buildId({ root: same })).toBe(id);
  });

  it('hashes the dependencies named, and the source folder named', () => {
    const root = game({ ...SOURCE }, { ...VERSIONS, other: '1.0.0' });
    const id = buildId({ root });
    expect(buildId({ root, dependencies: [...Object.keys(VERSIONS), 'other'] })).not.toBe(id);
    mkdirSync(join(root, 'game'));
    writeFileSync(join(root, 'game', 'main.ts'), 'a');
    expect(buildId({ root, source: 'game' })).not.toBe(id);
  });

  it('throws for a dependency not installed, a missing source folder or no root', () => {
    const root = game(SOURCE, { '@loop/core': '0.1.0' });
    expect(() => buildId({ root })).toThrow(
      new Error('build id: @dimforge/rapier3d is not installed'),
    );
    expect(() => buildId({ root, source: 'nope' })).toThrow(RangeError);
    expect(() => buildId({ root: '' })).toThrow(
      new RangeError('root must be import.meta.url or a folder, got '),
    );
  });
});

describe('rapierGameConfig', () => {
  /** A game whose Rapier package is installed, with its WebAssembly file (5 bytes here). */
  function rapierGame(): string {
    const root = game(SOURCE, VERSIONS);
    writeFileSync(join(root, 'node_modules/@dimforge/rapier3d/rapier_wasm3d_bg.wasm'), '12345');
    // The glue modules the loader imports (only their paths are read here).
    for (const file of ['rapier_wasm3d.js', 'rapier_wasm3d_bg.js']) {
      writeFileSync(join(root, 'node_modules/@dimforge/rapier3d', file), '');
    }
    return root;
  }

  it('is the isolation headers, the plugin for the page and the worker, and __BUILD__', () => {
    const root = rapierGame();
    const config = rapierGameConfig({ root: pathToFileURL(join(root, 'vite.config.ts')).href });
    const headers = {
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
    };
    expect(config.server?.headers).toEqual(headers);
    expect(config.preview?.headers).toEqual(headers);
    const plugins = config.plugins as { name: string; config: () => { define: object } }[];
    expect(plugins.map((p) => p.name)).toEqual(['rapier-wasm']);
    expect(plugins[0]!.config().define).toEqual({ __RAPIER_WASM_BYTES__: '5' });
    const worker = config.worker as { format: string; plugins: () => { name: string }[] };
    expect(worker.format).toBe('es');
    expect(worker.plugins().map((p) => p.name)).toEqual(['rapier-wasm']);
    expect(config.define).toEqual({ __BUILD__: JSON.stringify(buildId({ root })) });
    expect(config.test).toBeUndefined(); // no tests asked for: no test settings
    const tested = rapierGameConfig({
      root: pathToFileURL(join(root, 'vite.config.ts')).href,
      tests: { setup: 'src/setup.ts', e2e: ['src/a.test.ts'] },
    });
    expect(tested.test).toMatchObject({ setupFiles: ['src/setup.ts'] });
    expect(tested.define).toEqual(config.define);
  });

  it('hashes the Rapier package it serves, and names one that is missing', () => {
    const root = rapierGame();
    const url = pathToFileURL(join(root, 'vite.config.ts')).href;
    const other = '@dimforge/rapier3d-deterministic';
    mkdirSync(join(root, 'node_modules', other));
    writeFileSync(join(root, 'node_modules', other, 'package.json'), '{"version":"0.21.0"}');
    for (const file of ['rapier_wasm3d_bg.wasm', 'rapier_wasm3d.js', 'rapier_wasm3d_bg.js']) {
      writeFileSync(join(root, 'node_modules', other, file), '1');
    }
    const deps = [other, '@loop/core', '@loop/rapier'];
    expect(rapierGameConfig({ root: url, package: other }).define).toEqual({
      __BUILD__: JSON.stringify(buildId({ root, dependencies: deps })),
    });
    expect(() => rapierGameConfig({ root: url, package: '@dimforge/rapier3d-nope' })).toThrow(
      /rapier3d-nope is not installed/,
    );
  });
});
