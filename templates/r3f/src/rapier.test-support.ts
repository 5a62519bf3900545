import { loadRapier } from 'virtual:rapier-wasm';
import wasmData from '@dimforge/rapier3d/rapier_wasm3d_bg.wasm?inline';

// Vitest's setup (vite.config.ts, `tests.setup`): Rapier's WebAssembly loaded through the
// game's own loader, from the same bytes as a data: URL because Node's fetch reads no files.
await loadRapier(undefined, () => fetch(wasmData));
