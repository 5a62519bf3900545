import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Cross-origin isolation: with these two headers a page gets SharedArrayBuffer, and worker mode
 * (`@loop/core/worker`) hands snapshots over through shared memory; without them it runs over
 * transferred buffers, with the same results. `server: { headers: ISOLATION }` and
 * `preview: { headers: ISOLATION }`; a host of the built game sends them itself.
 */
export const ISOLATION: Readonly<Record<string, string>> = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/** Options of {@link rapierWasm}. */
export interface RapierWasmOptions {
  /**
   * The Rapier package whose WebAssembly is a file of its own. Default `@dimforge/rapier3d`;
   * another build with the same files (`@dimforge/rapier3d-deterministic`) goes here.
   */
  readonly package?: string;
  /** Where Vite's config lives (`import.meta.url` of vite.config.ts): where the package is found. */
  readonly root?: string;
}

/** The module that stands in for Rapier's `import * as wasm from './rapier_wasm3d_bg.wasm'`. */
const DEFERRED = '\0rapier-wasm-deferred';
/**
 * The module a game imports its loader from: `import { loadRapier } from 'virtual:rapier-wasm'`
 * (and `RAPIER_WASM_BYTES`, the file's size). Declare it once in the game's types:
 * `declare module 'virtual:rapier-wasm' { export const loadRapier: RapierLoader; export const
 * RAPIER_WASM_BYTES: number }`.
 */
export const RAPIER_LOADER = 'virtual:rapier-wasm';
const LOADER = `\0${RAPIER_LOADER}`;
/** The package's loader, by path (the same file `@loop/rapier` exports it from, built or not). */
const WASM_LOADER = fileURLToPath(new URL('../wasm-loader', import.meta.url)).replaceAll('\\', '/');
/** The WebAssembly file and the glue module that imports it, in every Rapier 3D build. */
const WASM = 'rapier_wasm3d_bg.wasm';
const GLUE = 'rapier_wasm3d.js';

/**
 * Rapier's WebAssembly as a file of its own, for `wasmLoader`. `@dimforge/rapier3d` (unlike the
 * `-compat` build, which inlines the WebAssembly into 4.3 MB of base64) imports its `.wasm` file
 * as an ES module: instantiated by the bundler before any of Rapier's code runs, with no way to
 * watch the download. This plugin leaves that import empty, so the loader fetches the file
 * itself (cached apart from the game's code, compiled as it streams in) and reports the bytes as
 * they arrive. It defines `__RAPIER_WASM_BYTES__`, the file's size, so the progress has a total
 * even when the host compresses the file; keeps Vite's dependency pre-bundling away from Rapier
 * (which would meet that import first); and points the bare package name at its `module` entry,
 * which Vitest in Node does not read. Why not vite-plugin-wasm: it instantiates the file inside
 * the import, behind a top-level await, so the page could neither count the bytes nor show
 * anything before they are in. Use it for the page and for the worker:
 * `plugins: [rapierWasm()]`, `worker: { plugins: () => [rapierWasm()] }`.
 *
 * It also serves the game's loader, {@link RAPIER_LOADER} (`virtual:rapier-wasm`): `loadRapier`,
 * the `wasmLoader` of this build's file, made after Rapier's glue module ran, so a game imports
 * it instead of writing the four imports in that order itself (the same for the page, the worker
 * and the tests, which pass the bytes as a data: URL: `loadRapier(undefined, () => fetch(data))`).
 */
export function rapierWasm(options: RapierWasmOptions = {}): Plugin {
  const name = options.package ?? '@dimforge/rapier3d';
  if (typeof name !== 'string' || name === '') {
    throw new RangeError(`rapierWasm package must be a package name, got ${String(name)}`);
  }
  const files = rapierFiles(name, options.root);
  const bytes = statSync(files.wasm).size;
  return {
    name: 'rapier-wasm',
    enforce: 'pre',
    config: () => ({
      define: { __RAPIER_WASM_BYTES__: String(bytes) },
      // A file to fetch (`?url`), or its bytes as a data: URL (`?inline`, for Node's tests).
      assetsInclude: [`**/${WASM}`],
      optimizeDeps: { exclude: [name] },
      resolve: { alias: [{ find: new RegExp(`^${name}$`), replacement: `${name}/rapier.js` }] },
    }),
    resolveId(source, importer) {
      if (source === RAPIER_LOADER) return LOADER;
      const from = importer?.split('?')[0]?.replaceAll('\\', '/') ?? '';
      if (source === `./${WASM}` && from.endsWith(`/${name}/${GLUE}`)) return DEFERRED;
      return undefined;
    },
    load(id) {
      if (id === LOADER) return loaderModule(files, bytes);
      // Rapier's glue hands this (empty) namespace to __wbg_set_wasm; the loader sets the real
      // exports once the file is instantiated, before any of Rapier is called.
      return id === DEFERRED ? 'export {};' : undefined;
    },
  };
}

/** The files of a Rapier build that its loader imports, by absolute path ('/' separated). */
interface RapierFiles {
  readonly wasm: string;
  readonly glue: string;
  readonly bindings: string;
}

/**
 * The source of {@link RAPIER_LOADER}: Rapier's glue module first (it hands its bindings the
 * empty stand-in when it runs, which must happen before the loader sets the real instance), then
 * the loader of the file's URL with its size. The files by absolute path, found from the game's
 * root as `import RAPIER from '@dimforge/rapier3d'` finds them: the very modules Rapier runs,
 * wherever Vite's own root is.
 */
function loaderModule(files: RapierFiles, bytes: number): string {
  const path = JSON.stringify;
  return [
    `import ${path(files.glue)};`,
    `import * as bindings from ${path(files.bindings)};`,
    `import url from ${path(`${files.wasm}?url`)};`,
    `import { wasmLoader } from ${path(WASM_LOADER)};`,
    `export const RAPIER_WASM_BYTES = ${bytes};`,
    'export const loadRapier = wasmLoader({ url, bindings, bytes: RAPIER_WASM_BYTES });',
  ].join('\n');
}

/** Where a Rapier package's files are installed (it has no `exports` map to forbid it). */
function rapierFiles(name: string, root: string | undefined): RapierFiles {
  const from = root ?? join(process.cwd(), 'package.json');
  const find = (file: string) =>
    createRequire(from).resolve(`${name}/${file}`).replaceAll('\\', '/');
  try {
    return { wasm: find(WASM), glue: find(GLUE), bindings: find('rapier_wasm3d_bg.js') };
  } catch {
    throw new RangeError(`rapierWasm package ${name} is not installed where ${from} can see it`);
  }
}
