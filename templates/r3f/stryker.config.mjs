// @ts-check
/**
 * Mutation testing of this template (`pnpm mutate`), set up as every template's is: see
 * ../../scripts/stryker-template.mjs. Kept out of a scaffolded project by create-loop.
 *
 * Its own `mutate` list: everything in src/ but main.tsx, which only mounts <App> into the page
 * (React's root, the loading line), and the e2e folder (the browser tests themselves, which run
 * the built page in Chromium and Firefox). Tests and their helpers (*.test-support.ts) and the
 * type declarations are not mutated. The scene runs in Node under React Three Fiber's test
 * renderer (app.test.tsx, boxes.test.tsx); mutation/vitest.config.ts runs the unit tests alone.
 * Rule 'look' (scripts/mutation-rules.mjs): the scene's colours and materials are judged by eye.
 * Not 'hues': boxes.test.tsx checks that the boxes take the palette's colours in turn.
 */
import { templateStrykerConfig } from '../../scripts/stryker-template.mjs';

export default {
  ...templateStrykerConfig(import.meta.resolve('@stryker-mutator/vitest-runner'), {
    rules: ['look'],
  }),
  vitest: { configFile: 'mutation/vitest.config.ts' },
  mutate: [
    'src/**/*.ts',
    'src/**/*.tsx',
    '!src/**/*.test.ts',
    '!src/**/*.test.tsx',
    '!src/**/*.test-support.ts',
    '!src/**/*.d.ts',
    '!src/main.tsx',
    '!src/e2e/**',
  ],
  timeoutMS: 60_000,
  dryRunTimeoutMinutes: 30,
};
