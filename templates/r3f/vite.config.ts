/// <reference types="vitest/config" />
import { rapierGameConfig } from '@loop/rapier/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, mergeConfig } from 'vite';
import { configDefaults } from 'vitest/config';

/** The browser tests (seconds each: a build and a real Chromium): `npm run test:e2e`. */
const E2E = ['src/e2e/**/*.test.ts'];

/**
 * `rapierGameConfig` of @loop/rapier/vite: Rapier's WebAssembly as a file of its own, which
 * src/load-rapier.ts fetches with progress. React's plugin (JSX, Fast Refresh) on top, then
 * the tests: `npm test` (unit) plays the game's rules in Node with real Rapier, in seconds;
 * `npm run test:e2e` opens the built page in Chromium. `vitest run` alone runs both.
 */
export default mergeConfig(
  rapierGameConfig({ root: import.meta.url }),
  defineConfig({
    plugins: [react()],
    build: {
      rolldownOptions: {
        output: {
          // R3F imports all of three.js (its JSX knows every class): about 1.4 MB of JavaScript
          // in all, in files each under Vite's 500 kB warning, fetched in parallel and still
          // cached when only the game changes.
          codeSplitting: {
            groups: [
              { name: 'three-core', test: /node_modules[/]three[/]build[/]three\.core\.js$/ },
              { name: 'three', test: /node_modules[/]three[/]/ },
              { name: 'react', test: /node_modules[/](react|react-dom|scheduler)[/]/ },
              { name: 'rapier', test: /node_modules[/]@dimforge[/]/ },
              { name: 'fiber', test: /node_modules[/]/ },
            ],
          },
        },
      },
    },
    test: {
      // Rapier's package is ES modules without file extensions, which Node cannot load itself:
      // Vite transforms it (and the plugin empties its .wasm import), as in the browser.
      server: { deps: { inline: ['@dimforge/rapier3d'] } },
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            exclude: [...configDefaults.exclude, ...E2E],
            // Node's fetch reads no files: the tests load the WebAssembly from a data: URL first.
            setupFiles: ['src/rapier.test-support.ts'],
            // Seconds of simulated physics on a busy machine: a limit that only ends a hung test.
            testTimeout: 30_000,
          },
        },
        // A build and a browser on a busy machine: a limit that only ends a hung test.
        { extends: true, test: { name: 'e2e', include: E2E, testTimeout: 180_000 } },
      ],
    },
  }),
);
