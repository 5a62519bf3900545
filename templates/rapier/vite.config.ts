import { rapierGameConfig } from '@loop/rapier/vite';
import { defineConfig } from 'vite';

/**
 * `rapierGameConfig` of @loop/rapier/vite: Rapier's WebAssembly as a file of its own for the page
 * and the worker, and its loader (`virtual:rapier-wasm`); the cross-origin isolation headers for
 * `npm run dev` and `npm run preview`, so worker mode hands snapshots over through shared memory
 * (see the README for your host); `__BUILD__` (src/build.ts), a hash of src/ and of the versions,
 * which every recording carries; three.js in two files of its own (its core and its WebGL
 * renderer: each under Vite's 500 kB warning, and still cached when only the game changes); and
 * the tests: `npm test` runs all but the sessions played for thousands of steps, which `npm run
 * test:e2e` runs. Another Rapier build with the same files (`@dimforge/rapier3d-deterministic`)
 * goes in `package` and in the imports of src/. Add your own settings with Vite's `mergeConfig`.
 */
export default defineConfig(
  rapierGameConfig({
    root: import.meta.url,
    package: '@dimforge/rapier3d',
    chunks: ['three'],
    tests: {
      setup: 'src/test-support/rapier.ts',
      e2e: ['src/replay.test.ts', 'src/respawn.test.ts', 'src/drop.test.ts', 'src/refuse.test.ts'],
    },
  }),
);
