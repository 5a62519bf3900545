/**
 * `@loop/rapier/vite`: the build side of a Rapier game made with Vite. `rapierGameConfig()` is
 * the whole config such a game starts from; beneath it `rapierWasm()` serves Rapier's
 * WebAssembly as a file of its own and the game's loader of it (`virtual:rapier-wasm`, the
 * `wasmLoader` of `@loop/rapier` for that file), `ISOLATION`
 * holds the two headers that give a page SharedArrayBuffer for worker mode, and `buildId()`
 * hashes the game's source and versions for its recordings; `rapierTestConfig()` (its `tests`
 * option) sets up the game's tests, unit and end-to-end apart, and `vendorChunks()` (its `chunks`
 * option) puts three.js, React and Rapier in files of their own. Runs in Node, in the game's
 * `vite.config.ts`; nothing of it reaches the page.
 *
 * @module @loop/rapier/vite
 */
export { type BuildIdOptions, buildId } from './build-id.js';
export {
  type RapierGameConfigOptions,
  type RapierTestOptions,
  rapierGameConfig,
  rapierTestConfig,
} from './game-config.js';
export { ISOLATION, RAPIER_LOADER, type RapierWasmOptions, rapierWasm } from './rapier-wasm.js';
export { type ChunkGroup, type VendorChunk, vendorChunks } from './vendor-chunks.js';
