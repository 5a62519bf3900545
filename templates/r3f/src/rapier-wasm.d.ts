/**
 * The loader of Rapier's WebAssembly that `rapierWasm()` of @loop/rapier/vite serves (in
 * `rapierGameConfig`, vite.config.ts): the file of this game's Rapier build, fetched and counted
 * for the loading line. Await `loadRapier()` once before any Rapier call.
 */
declare module 'virtual:rapier-wasm' {
  import type { RapierLoader } from '@loop/rapier';
  /** Loads the WebAssembly, telling `onProgress` the bytes as they arrive; later calls share it. */
  export const loadRapier: RapierLoader;
  /** The file's size in bytes, measured when the game was built: the progress's total. */
  export const RAPIER_WASM_BYTES: number;
}
