/// <reference path="./rapier-bindings.d.ts" />
// Rapier's glue module first: it hands its bindings an empty stand-in for the WebAssembly when it
// runs (see rapier-wasm.ts), which must happen before loadRapier sets the real one.
import '@dimforge/rapier3d/rapier_wasm3d.js';
import * as bindings from '@dimforge/rapier3d/rapier_wasm3d_bg.js';
import wasmUrl from '@dimforge/rapier3d/rapier_wasm3d_bg.wasm?url';

/** Defined by the rapierWasm() plugin (rapier-wasm.ts): the size of Rapier's WebAssembly file. */
declare const __RAPIER_WASM_BYTES__: number;

/**
 * Bytes of Rapier's WebAssembly, measured when the game is built: the total of the progress.
 * Not the response's Content-Length, which is the compressed size when the host compresses.
 */
export const RAPIER_WASM_BYTES: number = __RAPIER_WASM_BYTES__;

/** Told how many bytes of Rapier's WebAssembly have arrived, of `total`; first with 0. */
export type LoadProgress = (loaded: number, total: number) => void;

/** Where the bytes come from: by default the file the build emitted, fetched from the server. */
export type WasmSource = () => Promise<Response>;

/** The one load of this page or worker: Rapier's glue holds a single instance. */
let loading: Promise<void> | undefined;

/**
 * Loads Rapier's WebAssembly (3 MB, a file of its own: the browser caches it apart from the
 * game's code) and hands it to Rapier: await it once before any Rapier call. The module is
 * compiled while it streams in (`instantiateStreaming`), and `onProgress` is told the bytes as
 * they arrive, so the page can show them. Later calls return the first call's promise (their
 * `onProgress` is not called); after a failure the next call tries again. `source` replaces the
 * fetch: Vitest in Node, whose fetch reads no files, passes the same bytes as a data: URL.
 */
export function loadRapier(onProgress?: LoadProgress, source?: WasmSource): Promise<void> {
  loading ??= instantiate(source ?? (() => fetch(wasmUrl)), onProgress).catch((error) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function instantiate(source: WasmSource, onProgress?: LoadProgress): Promise<void> {
  const failed = (why: string) =>
    new Error(`Rapier's WebAssembly did not load from ${wasmUrl}: ${why}`);
  const response = await source().catch((error: unknown) => {
    throw failed(error instanceof Error ? error.message : String(error)); // offline, blocked
  });
  if (!response.ok || !response.body) {
    throw failed(`HTTP ${response.status} ${response.statusText}`.trim());
  }
  // Our own Response around the counted stream, typed as WebAssembly so that streaming
  // compilation works whatever Content-Type the host sends for .wasm files.
  const wrapped = new Response(counted(response.body, RAPIER_WASM_BYTES, onProgress), {
    headers: { 'Content-Type': 'application/wasm' },
  });
  const { instance } = await WebAssembly.instantiateStreaming(wrapped, {
    './rapier_wasm3d_bg.js': bindings as unknown as WebAssembly.ModuleImports,
  });
  bindings.__wbg_set_wasm(instance.exports);
}

/**
 * `body` passed through unchanged, telling `onProgress` the bytes that went through so far of
 * `total`: first 0, then after every chunk. Counted after the browser has undone any
 * compression, so the figures match the file's own size (`total`) whatever the host sends.
 */
export function counted(
  body: ReadableStream<Uint8Array>,
  total: number,
  onProgress?: LoadProgress,
): ReadableStream<Uint8Array> {
  let loaded = 0;
  onProgress?.(loaded, total);
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        loaded += chunk.byteLength;
        onProgress?.(loaded, total);
        controller.enqueue(chunk);
      },
    }),
  );
}
