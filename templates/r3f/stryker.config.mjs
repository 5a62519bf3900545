// @ts-check
/**
 * Mutation testing of this template (`pnpm mutate`), set up as every template's is: see
 * ../../scripts/stryker-template.mjs. Kept out of a scaffolded project by create-loop.
 *
 * Its own `mutate` list: everything in src/ but main.tsx, which only mounts <App> into the page
 * (React's root, the loading line), and the e2e folder (the browser tests themselves, which run
 * the built page in Chromium and Firefox). Tests and their helpers (*.test-support.ts) and the
 * type declarations are not mutated. Rules 'look' and 'hues' (scripts/mutation-rules.mjs): the
 * scene's colours, materials and the boxes' hues are judged by eye, not by a test.
 */
import { templateStrykerConfig } from '../../scripts/stryker-template.mjs';

export default {
  ...templateStrykerConfig(import.meta.resolve('@stryker-mutator/vitest-runner'), {
    rules: ['look', 'hues'],
  }),
  vitest: { configFile: 'vite.config.ts' },
  mutate: [
    'src/**/*.ts',
    'src/**/*.tsx',
    '!src/**/*.test.ts',
    '!src/**/*.test-support.ts',
    '!src/**/*.d.ts',
    '!src/main.tsx',
    '!src/e2e/**',
  ],
  timeoutMS: 60_000,
  dryRunTimeoutMinutes: 30,
};
