import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/**
 * The package whose WebAssembly is loaded as a file of its own. Another build of Rapier 3D with
 * the same files (`@dimforge/rapier3d-deterministic`) goes here and in the imports of src/.
 */
export const RAPIER_PACKAGE = '@dimforge/rapier3d';
/** The module that stands in for Rapier's `import * as wasm from './rapier_wasm3d_bg.wasm'`. */
const DEFERRED = '\0rapier-wasm-deferred';

/**
 * Rapier's WebAssembly as a file of its own, loaded by src/load-rapier.ts. `@dimforge/rapier3d`
 * (unlike the `-compat` build, which inlines the WebAssembly into 4.3 MB of base64) imports its
 * `.wasm` file the way bundlers used to, as an ES module: instantiated by the bundler before
 * any of Rapier's code runs, with no way to watch the download. This plugin leaves that import
 * empty, so src/load-rapier.ts fetches the file itself (the 3 MB are cached apart from the
 * game's code, and compiled as they stream in) and reports the bytes as they arrive. It also
 * defines `__RAPIER_WASM_BYTES__`, the file's size, so the progress has a total even when the
 * host compresses the file, and keeps Vite's dependency pre-bundling away from Rapier (which
 * would meet that import before this plugin could). Why not vite-plugin-wasm (3.6, which builds
 * this package too): it fetches and instantiates the file inside the import itself, behind a
 * top-level await, so the page could neither count the bytes nor show anything of its own
 * before they are in, and it compiles from a buffer when the host's Content-Type is not
 * `application/wasm`. Use it for the page and for the worker:
 * `plugins: [rapierWasm()]`, `worker: { plugins: () => [rapierWasm()] }`.
 */
export function rapierWasm(): Plugin {
  return {
    name: 'rapier-wasm',
    enforce: 'pre',
    config: () => ({
      define: { __RAPIER_WASM_BYTES__: String(statSync(wasmFile()).size) },
      // A file to fetch (`?url`), or its bytes as a data: URL (`?inline`, for Node's tests).
      assetsInclude: ['**/rapier_wasm3d_bg.wasm'],
      optimizeDeps: { exclude: [RAPIER_PACKAGE] },
      // The package names its entry only as `module`, which Vite ignores for Node (Vitest).
      resolve: {
        alias: [
          { find: new RegExp(`^${RAPIER_PACKAGE}$`), replacement: `${RAPIER_PACKAGE}/rapier.js` },
        ],
      },
    }),
    resolveId(source, importer) {
      const from = importer?.split('?')[0]?.replaceAll('\\', '/') ?? '';
      if (
        source === './rapier_wasm3d_bg.wasm' &&
        from.endsWith(`/${RAPIER_PACKAGE}/rapier_wasm3d.js`)
      ) {
        return DEFERRED;
      }
      return undefined;
    },
    load(id) {
      // Rapier's glue hands this (empty) namespace to __wbg_set_wasm; src/load-rapier.ts sets
      // the real exports once the file is instantiated, before any of Rapier is called.
      return id === DEFERRED ? 'export {};' : undefined;
    },
  };
}

/** Where Rapier's WebAssembly file is installed (its package has no `exports` map to forbid it). */
function wasmFile(): string {
  return createRequire(import.meta.url).resolve(`${RAPIER_PACKAGE}/rapier_wasm3d_bg.wasm`);
}
