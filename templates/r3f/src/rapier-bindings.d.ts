/**
 * The one export of Rapier's wasm-bindgen glue that src/load-rapier.ts needs and its package
 * declares no type for: the setter of the WebAssembly instance every Rapier call goes through.
 */
declare module '@dimforge/rapier3d/rapier_wasm3d_bg.js' {
  /** Hands wasm-bindgen's glue the instantiated module's exports. */
  export function __wbg_set_wasm(exports: WebAssembly.Exports): void;
}

/** Defined by the rapierWasm() plugin (vite.config.ts): the size of Rapier's WebAssembly file. */
declare const __RAPIER_WASM_BYTES__: number;
