// @ts-check
/**
 * Mutation testing of this template (`pnpm mutate`), set up as every template's is: see
 * ../../scripts/stryker-template.mjs. Kept out of a scaffolded project by create-loop.
 *
 * Everything in src/ but main.ts, which only wires the page (the canvas, the loop, the input,
 * the signaling server's port) to the modules the unit tests drive, and the e2e folder (the
 * browser tests themselves). mutation/vitest.config.ts runs the unit tests alone; the HUD is
 * tested in Node against stand-ins for its elements (panel.test.ts), the drawing against a
 * recording context (draw.test.ts), online play through a real signaling server's relay
 * (match.test.ts). vite.config.ts (the signaling plugin) is config, not mutated.
 *
 * Rule 'look' (scripts/mutation-rules.mjs): the arena's colours are judged by eye.
 */
import { templateStrykerConfig } from '../../scripts/stryker-template.mjs';

const template = templateStrykerConfig(import.meta.resolve('@stryker-mutator/vitest-runner'), {
  rules: ['look'],
});

export default {
  ...template,
  vitest: { configFile: 'mutation/vitest.config.ts' },
  mutate: [...template.mutate, '!src/e2e/**'],
  // Rollback sessions over conditioned links for seconds each, under instrumentation.
  timeoutMS: 60_000,
  dryRunTimeoutMinutes: 30,
};
