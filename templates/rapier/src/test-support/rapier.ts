import { loadRapier } from 'virtual:rapier-wasm';
import wasmData from '@dimforge/rapier3d/rapier_wasm3d_bg.wasm?inline';

// Vitest's setup (vite.config.ts, `tests.setup`): Rapier's WebAssembly loaded through the
// game's own loader, from the same bytes as a data: URL because Node's fetch reads no files.
// The tests' own `loadRapier()` then finds it loaded.
// A loader that fails or throws (an edit, or a mutant of Stryker's) must fail tests, not this
// setup: vitest runs no test of a file whose setup threw, and Stryker would count that as nothing
// failing. The tests' own loadRapier() then tries again, and fails, and says why.
try {
  await loadRapier(undefined, () => fetch(wasmData));
} catch {
  // the tests fail instead
}
