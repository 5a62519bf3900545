import { counted, type LoadProgress } from './counted.js';

/** Where the bytes come from: by default the file the build emitted, fetched from the server. */
export type WasmSource = () => Promise<Response>;

/**
 * Loads Rapier, telling `onProgress` the bytes as they arrive; `source` replaces the fetch (a
 * test in Node, whose fetch reads no files, passes the bytes as a data: URL). The first call
 * loads and later calls return its promise (their `onProgress` is not called); after a failure
 * the next call tries again.
 */
export type RapierLoader = (onProgress?: LoadProgress, source?: WasmSource) => Promise<void>;

/** What {@link wasmLoader} needs of the separate-WebAssembly build (`@dimforge/rapier3d`). */
export interface WasmBuild {
  /** The URL of the `.wasm` file: `import url from '@dimforge/rapier3d/rapier_wasm3d_bg.wasm?url'`. */
  readonly url: string;
  /**
   * Rapier's wasm-bindgen glue, `import * as bindings from '@dimforge/rapier3d/rapier_wasm3d_bg.js'`
   * (after `import '@dimforge/rapier3d/rapier_wasm3d.js'`): the module's imports, and the setter
   * of the instance every Rapier call goes through.
   */
  readonly bindings: { __wbg_set_wasm(exports: WebAssembly.Exports): void };
  /**
   * The size of the file in bytes, measured at build time (`__RAPIER_WASM_BYTES__` of
   * `@loop/rapier/vite`): the total of the progress. Not the response's Content-Length, which
   * is the compressed size when the host compresses.
   */
  readonly bytes: number;
  /** The name the WebAssembly imports its glue under. Default `./rapier_wasm3d_bg.js`. */
  readonly importName?: string;
}

/**
 * A loader of Rapier's WebAssembly as a file of its own (`@dimforge/rapier3d`, 3 MB, cached by
 * the browser apart from the game's code): compiled while it streams in
 * (`instantiateStreaming`) and counted as it arrives, so the page can show a loading line where
 * the canvas would otherwise stay empty for seconds on a slow connection. Pair it with the
 * `rapierWasm()` plugin of `@loop/rapier/vite`, which leaves Rapier's own `.wasm` import empty
 * so this loader can fetch the file itself. One loader per page or worker: Rapier's glue holds
 * a single instance. Errors name the file and the reason (offline, HTTP 404, a broken file).
 */
export function wasmLoader(build: WasmBuild): RapierLoader {
  if (typeof build?.url !== 'string') {
    throw new RangeError(`wasmLoader url must be a string, got ${String(build?.url)}`);
  }
  if (!Number.isInteger(build.bytes) || build.bytes < 1) {
    throw new RangeError(`wasmLoader bytes must be an integer >= 1, got ${build.bytes}`);
  }
  let loading: Promise<void> | undefined;
  return (onProgress, source) => {
    loading ??= instantiate(build, source ?? (() => fetch(build.url)), onProgress).catch(
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
}

async function instantiate(
  build: WasmBuild,
  source: WasmSource,
  onProgress?: LoadProgress,
): Promise<void> {
  const failed = (why: string) =>
    new Error(`Rapier's WebAssembly did not load from ${build.url}: ${why}`);
  const response = await source().catch((error: unknown) => {
    throw failed(error instanceof Error ? error.message : String(error)); // offline, blocked
  });
  if (!response.ok || !response.body) {
    throw failed(`HTTP ${response.status} ${response.statusText}`.trim());
  }
  // Our own Response around the counted stream, typed as WebAssembly so that streaming
  // compilation works whatever Content-Type the host sends for .wasm files.
  const wrapped = new Response(counted(response.body, build.bytes, onProgress), {
    headers: { 'Content-Type': 'application/wasm' },
  });
  const { instance } = await WebAssembly.instantiateStreaming(wrapped, {
    [build.importName ?? './rapier_wasm3d_bg.js']:
      build.bindings as unknown as WebAssembly.ModuleImports,
  });
  build.bindings.__wbg_set_wasm(instance.exports);
}
