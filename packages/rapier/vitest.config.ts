/// <reference types="vitest/config" />
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vite';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';
import { rapierWasm } from './src/vite/index.js';

/**
 * @loop/rapier's tests run on real Rapier worlds: the separate-WebAssembly build
 * (`@dimforge/rapier3d`) through the package's own `rapierWasm()` plugin and `wasmLoader`, and
 * the `-compat` build through `compatLoader`. Two projects: the Node tests (src/**\/*.test.ts),
 * and the page modules of `@loop/rapier/dom` (src/**\/*.browser.test.ts) built from src/ by
 * Vite and run in headless Chromium (Debian's, as every browser test of the repo), with a real
 * worker for worker mode. Stryker runs both (stryker.config.mjs), so a mutant of src/dom/ meets
 * a real document.
 */
export default defineConfig({
  plugins: [rapierWasm({ root: import.meta.url })],
  // The worker of worker mode's test imports Rapier's glue too.
  worker: { format: 'es', plugins: () => [rapierWasm({ root: import.meta.url })] },
  test: {
    // Rapier loaded through the package's loader before any test, in Node and on the page.
    setupFiles: ['src/test-support/setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          // Rapier's package is ES modules without file extensions, which Node cannot load
          // itself: Vite transforms it (and the plugin empties its .wasm import), as in the
          // browser.
          server: { deps: { inline: ['@dimforge/rapier3d'] } },
          // Whole worlds stepped and compared byte for byte: seconds on a busy two-core machine.
          testTimeout: 60_000,
          include: ['src/**/*.test.ts'],
          // Firefox's tests run by vitest.firefox.config.ts, outside the mutation run.
          exclude: ['src/**/*.browser.test.ts', 'src/**/*.firefox.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['src/**/*.browser.test.ts'],
          testTimeout: 60_000,
          // After the Node project, not beside it: a Chromium beside Node's worlds on two cores.
          sequence: { groupOrder: 1 },
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
