import { loadRapier } from './rapier.js';

// Vitest's setup: Rapier's WebAssembly loaded through the package's loader before any test. A
// loader that fails must fail the tests, not this setup (vitest runs no test of a file whose
// setup threw): the loader's own tests then say why.
try {
  await loadRapier();
} catch {
  // the tests fail instead
}
