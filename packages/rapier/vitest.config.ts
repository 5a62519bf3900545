/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import { rapierWasm } from './src/vite/index.js';

/**
 * @loop/rapier's tests run in Node on real Rapier worlds: the separate-WebAssembly build
 * (`@dimforge/rapier3d`) through the package's own `rapierWasm()` plugin and `wasmLoader`, and
 * the `-compat` build through `compatLoader`.
 */
export default defineConfig({
  plugins: [rapierWasm({ root: import.meta.url })],
  test: {
    // Rapier's package is ES modules without file extensions, which Node cannot load itself:
    // Vite transforms it (and the plugin empties its .wasm import), as in the browser.
    server: { deps: { inline: ['@dimforge/rapier3d'] } },
    // Node's fetch reads no files: the tests load the WebAssembly from a data: URL first.
    setupFiles: ['src/test-support/setup.ts'],
    // Whole worlds stepped and compared byte for byte: seconds on a busy two-core machine.
    testTimeout: 60_000,
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
