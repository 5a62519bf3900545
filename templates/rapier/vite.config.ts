import { rapierGameConfig } from '@loop/rapier/vite';
import { defineConfig, mergeConfig } from 'vite';

/**
 * `rapierGameConfig` of @loop/rapier/vite: Rapier's WebAssembly as a file of its own for the page
 * and the worker (src/load-rapier.ts loads it); the cross-origin isolation headers for `npm run
 * dev` and `npm run preview`, so worker mode hands snapshots over through shared memory (see the
 * README for your host); `__BUILD__` (src/build.ts), a hash of src/ and of the versions, which
 * every recording carries; and the tests: `npm test` runs all but the sessions played for
 * thousands of steps, which `npm run test:e2e` runs. Another Rapier build with the same files
 * (`@dimforge/rapier3d-deterministic`) goes in `package` and in the imports of src/.
 */
export default mergeConfig(
  rapierGameConfig({
    root: import.meta.url,
    package: '@dimforge/rapier3d',
    tests: {
      setup: 'src/test-support/rapier.ts',
      e2e: ['src/replay.test.ts', 'src/respawn.test.ts', 'src/drop.test.ts', 'src/refuse.test.ts'],
    },
  }),
  defineConfig({
    build: {
      rolldownOptions: {
        output: {
          // three.js in two files of its own, its core and its WebGL renderer: each under
          // Vite's 500 kB warning, fetched in parallel with the game's code, and still cached
          // when only the game changes.
          codeSplitting: {
            groups: [
              { name: 'three-core', test: /node_modules[/]three[/]build[/]three\.core\.js$/ },
              { name: 'three', test: /node_modules[/]three[/]/ },
            ],
          },
        },
      },
    },
  }),
);
