/** The one export of Rapier's wasm-bindgen glue the loader needs, which its package leaves untyped. */
declare module '@dimforge/rapier3d/rapier_wasm3d_bg.js' {
  /** Hands wasm-bindgen's glue the instantiated module's exports. */
  export function __wbg_set_wasm(exports: WebAssembly.Exports): void;
}
declare module '*?inline' {
  const data: string;
  export default data;
}
/** The game's loader that rapierWasm() serves (src/vite/rapier-wasm.ts). */
declare module 'virtual:rapier-wasm' {
  // RapierLoader of src/wasm-loader.ts (an ambient module cannot import a relative path).
  export const loadRapier: (
    onProgress?: (loaded: number, total: number) => void,
    source?: () => Promise<Response>,
  ) => Promise<void>;
  export const RAPIER_WASM_BYTES: number;
}
