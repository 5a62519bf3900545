import { fileURLToPath } from 'node:url';
import base from '../vite.config';

/**
 * The tests Stryker runs against each mutant (stryker.config.mjs names this file, kept in
 * mutation/ with Stryker's results so create-loop leaves it out of a scaffold): vite.config.ts's
 * `unit` project as its own config, so Vitest runs the unit tests alone. Left out: src/e2e/**,
 * the built page in real Chromium and Firefox, whose code runs in the browsers rather than in
 * the process Stryker switches mutants in.
 */
const { projects: _projects, ...test } = base.test ?? {};

export default {
  ...base,
  // The template, not this folder: the paths below are the template's.
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    ...test,
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    exclude: ['**/node_modules/**', '**/.git/**', 'src/e2e/**'],
    // As the unit project: its files share one load of Rapier's WebAssembly per worker.
    isolate: false,
  },
};
