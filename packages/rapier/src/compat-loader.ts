import type { LoadProgress } from './counted.js';
import type { RapierLoader } from './wasm-loader.js';

/**
 * A loader with the same call as {@link wasmLoader} for the `-compat` build
 * (`@dimforge/rapier3d-compat`), whose WebAssembly is inlined into its JavaScript as base64:
 * nothing streams, so the progress is the two ends, `(0, bytes)` before `RAPIER.init()` and
 * `(bytes, bytes)` once it resolved, and a page shows the same loading line for either build.
 * Pass `RAPIER.init` bound to its module: `compatLoader(() => RAPIER.init())`. `bytes` is what
 * the line shows as the total: the compat build's JavaScript is about 4.3 MB (default).
 */
export function compatLoader(init: () => Promise<unknown>, bytes = 4_300_000): RapierLoader {
  if (typeof init !== 'function') {
    throw new RangeError(`compatLoader init must be a function, got ${String(init)}`);
  }
  if (!Number.isInteger(bytes) || bytes < 1) {
    throw new RangeError(`compatLoader bytes must be an integer >= 1, got ${bytes}`);
  }
  let loading: Promise<void> | undefined;
  return (onProgress?: LoadProgress) => {
    loading ??= (async () => {
      onProgress?.(0, bytes);
      await init();
      onProgress?.(bytes, bytes);
    })().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
