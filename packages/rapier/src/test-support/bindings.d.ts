/** The one export of Rapier's wasm-bindgen glue the loader needs, which its package leaves untyped. */
declare module '@dimforge/rapier3d/rapier_wasm3d_bg.js' {
  /** Hands wasm-bindgen's glue the instantiated module's exports. */
  export function __wbg_set_wasm(exports: WebAssembly.Exports): void;
}
declare module '*?inline' {
  const data: string;
  export default data;
}
