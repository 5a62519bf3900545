import { playwright } from '@vitest/browser-playwright';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';

/**
 * The view's tests (src/**\/*.browser.test.ts): the page's modules from src/, built by Vite and
 * run in headless Chromium (Debian's, as every browser test of the repo), so the figures table
 * writes a real table and the plots draw real uPlot charts. Shared by vitest.config.ts and
 * vitest.unit.config.ts, which Stryker runs: unlike test/'s tests of the built dist/, these see
 * a mutant of src/view/.
 */
export const BROWSER_PROJECT: TestProjectInlineConfiguration = {
  // Bundled before the first test, not found on the way: Vite would reload the page mid-run.
  optimizeDeps: { include: ['uplot'] },
  test: {
    name: 'browser',
    include: ['src/**/*.browser.test.ts'],
    // After the Node project, not beside it: two Chromiums at once would share two cores.
    sequence: { groupOrder: 1 },
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({ launchOptions: { executablePath: chromiumPath, args: chromiumArgs } }),
      instances: [{ browser: 'chromium' }],
    },
  },
};
