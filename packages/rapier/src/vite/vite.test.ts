import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { ISOLATION, RAPIER_LOADER, rapierWasm } from './index.js';

/** The hooks of a plugin, called as Vite calls them. */
type Hook = (...args: unknown[]) => unknown;

describe('rapierWasm', () => {
  it('measures the WebAssembly file, keeps Rapier from pre-bundling and aliases its entry', () => {
    const plugin = rapierWasm({ root: import.meta.url });
    const config = (plugin.config as Hook)() as {
      define: Record<string, string>;
      optimizeDeps: { exclude: string[] };
      resolve: { alias: { find: RegExp; replacement: string }[] };
    };
    expect(Number(config.define.__RAPIER_WASM_BYTES__)).toBeGreaterThan(1_000_000);
    expect(config.optimizeDeps.exclude).toEqual(['@dimforge/rapier3d']);
    const [alias] = config.resolve.alias;
    expect(alias!.find.test('@dimforge/rapier3d')).toBe(true);
    expect(alias!.find.test('@dimforge/rapier3d-compat')).toBe(false);
    expect(alias!.replacement).toBe('@dimforge/rapier3d/rapier.js');
  });

  it('empties Rapier’s own .wasm import only, so the loader instantiates the file', () => {
    const plugin = rapierWasm({ root: import.meta.url });
    const resolve = plugin.resolveId as Hook;
    const glue = '/x/node_modules/@dimforge/rapier3d/rapier_wasm3d.js?v=1';
    const id = resolve('./rapier_wasm3d_bg.wasm', glue);
    expect(id).toBe('\0rapier-wasm-deferred');
    expect((plugin.load as Hook)(id)).toBe('export {};');
    expect((plugin.load as Hook)('/other.js')).toBeUndefined();
    expect(resolve('./rapier_wasm3d_bg.wasm', '/x/other/rapier_wasm3d.js')).toBeUndefined();
    expect(resolve('./other.wasm', glue)).toBeUndefined();
    expect(resolve('./rapier_wasm3d_bg.wasm', undefined)).toBeUndefined();
  });

  it('serves the game’s loader of this build’s file, made after Rapier’s glue ran', () => {
    const plugin = rapierWasm({ root: import.meta.url });
    const resolve = plugin.resolveId as Hook;
    expect(RAPIER_LOADER).toBe('virtual:rapier-wasm');
    const id = resolve('virtual:rapier-wasm', '/x/src/main.ts');
    expect(id).toBe('\0virtual:rapier-wasm');
    const bytes = (plugin.config as Hook)() as { define: Record<string, string> };
    const lines = String((plugin.load as Hook)(id)).split('\n');
    const file = (name: string) =>
      `"${createRequire(import.meta.url).resolve(`@dimforge/rapier3d/${name}`)}`;
    expect(lines.slice(0, 3)).toEqual([
      `import ${file('rapier_wasm3d.js')}";`,
      `import * as bindings from ${file('rapier_wasm3d_bg.js')}";`,
      `import url from ${file('rapier_wasm3d_bg.wasm')}?url";`,
    ]);
    expect(lines[3]).toMatch(/^import \{ wasmLoader \} from ".*\/src\/wasm-loader";$/);
    expect(lines.slice(4)).toEqual([
      `export const RAPIER_WASM_BYTES = ${bytes.define.__RAPIER_WASM_BYTES__};`,
      'export const loadRapier = wasmLoader({ url, bindings, bytes: RAPIER_WASM_BYTES });',
    ]);
    expect(resolve('virtual:rapier-wasm-other', '/x/src/main.ts')).toBeUndefined();
  });

  it('names a package that is not there or no name at all', () => {
    expect(() => rapierWasm({ package: '@dimforge/rapier3d-nope', root: import.meta.url })).toThrow(
      /^rapierWasm package @dimforge\/rapier3d-nope is not installed where /,
    );
    expect(() => rapierWasm({ package: '' })).toThrow(
      new RangeError('rapierWasm package must be a package name, got '),
    );
  });

  it('names the two headers of cross-origin isolation', () => {
    expect(ISOLATION).toEqual({
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
    });
  });
});
