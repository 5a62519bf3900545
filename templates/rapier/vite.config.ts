/// <reference types="vitest/config" />
import { rapierGameConfig } from '@loop/rapier/vite';
import { defineConfig, mergeConfig } from 'vite';
import { configDefaults } from 'vitest/config';

/**
 * The Rapier build whose WebAssembly is a file of its own (served to src/load-rapier.ts). Another
 * build with the same files (`@dimforge/rapier3d-deterministic`) goes here and in the imports of
 * src/.
 */
const RAPIER_PACKAGE = '@dimforge/rapier3d';

/** The tests that play whole sessions (seconds each): `npm run test:e2e`. */
const SESSIONS = ['src/replay.test.ts', 'src/respawn.test.ts', 'src/drop.test.ts'];

/**
 * `rapierGameConfig` of @loop/rapier/vite: Rapier's WebAssembly as a file of its own for the page
 * and the (module) worker; the cross-origin isolation headers for `npm run dev` and `npm run
 * preview`, so worker mode hands snapshots over through shared memory (the overlay says `worker
 * (shared)`; a host without them runs over transferred buffers, same results; on your host, see
 * README); and `__BUILD__` (src/build.ts), a hash of src/ and of the Rapier, @loop/core and
 * @loop/rapier versions, computed when Vite starts, which every recording carries. This file
 * adds the tests.
 */
export default mergeConfig(
  rapierGameConfig({ root: import.meta.url, package: RAPIER_PACKAGE }),
  defineConfig({
    test: {
      // Rapier's package is ES modules without file extensions, which Node cannot load itself:
      // Vite transforms it (and the plugin empties its .wasm import), as in the browser.
      server: { deps: { inline: [RAPIER_PACKAGE] } },
      // Node's fetch reads no files: the tests load the WebAssembly from a data: URL first.
      setupFiles: ['src/rapier.test-setup.ts'],
      // Whole worlds stepped and compared byte for byte: seconds each on a busy two-core machine.
      testTimeout: 60_000,
      // `npm test` (unit): every test but the long sessions, in seconds. `npm run test:e2e`: the
      // sessions played for thousands of steps and replayed tick for tick (record and replay,
      // respawns, drops). `vitest run` alone runs both.
      projects: [
        {
          extends: true,
          test: { name: 'unit', exclude: [...configDefaults.exclude, ...SESSIONS] },
        },
        { extends: true, test: { name: 'e2e', include: SESSIONS } },
      ],
    },
  }),
);
