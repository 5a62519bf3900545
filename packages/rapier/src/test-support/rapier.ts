// Rapier's glue module first: it hands its bindings an empty stand-in for the WebAssembly when it
// runs (the rapierWasm() plugin), which must happen before the loader sets the real one.
import '@dimforge/rapier3d/rapier_wasm3d.js';
import * as bindings from '@dimforge/rapier3d/rapier_wasm3d_bg.js';
import wasmData from '@dimforge/rapier3d/rapier_wasm3d_bg.wasm?inline';
import { wasmLoader } from '../wasm-loader.js';

/** Defined by the rapierWasm() plugin: the size of Rapier's WebAssembly file. */
declare const __RAPIER_WASM_BYTES__: number;

/** The size of Rapier's WebAssembly, as the plugin measured it. */
export const RAPIER_WASM_BYTES: number = __RAPIER_WASM_BYTES__;

/** The tests' copy of the WebAssembly, as a data: URL (Node's fetch reads no files). */
export const WASM_DATA: string = wasmData;

/** The loader a game makes, with the URL a test can fetch. */
export const loadRapier = wasmLoader({ url: wasmData, bindings, bytes: RAPIER_WASM_BYTES });
