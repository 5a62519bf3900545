/// <reference path="./rapier-bindings.d.ts" />
// Rapier's glue module first: it hands its bindings an empty stand-in for the WebAssembly when it
// runs (rapierWasm() of @loop/rapier/vite), which must happen before the loader sets the real one.
import '@dimforge/rapier3d/rapier_wasm3d.js';
import * as bindings from '@dimforge/rapier3d/rapier_wasm3d_bg.js';
import wasmUrl from '@dimforge/rapier3d/rapier_wasm3d_bg.wasm?url';
import { wasmLoader } from '@loop/rapier';

/**
 * Loads Rapier's WebAssembly (3 MB, a file of its own that the browser caches apart from the
 * game's code), telling the loading line the bytes as they arrive: `wasmLoader` of @loop/rapier,
 * given this build's file. Await it once before `new Game`; later calls return the same promise.
 */
export const loadRapier = wasmLoader({ url: wasmUrl, bindings, bytes: __RAPIER_WASM_BYTES__ });
