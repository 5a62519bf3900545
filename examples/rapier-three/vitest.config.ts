import { defineConfig } from 'vitest/config';

/**
 * The guide's code run for real in Node: Rapier's `-compat` build (its WebAssembly inlined, so
 * `RAPIER.init()` needs no fetch) and three.js's scene graph, which runs without a canvas.
 * Stepping a world takes well under a second; the minute is for a busy two-core machine.
 */
export default defineConfig({
  test: { include: ['src/**/*.test.ts'], environment: 'node', testTimeout: 60_000 },
});
