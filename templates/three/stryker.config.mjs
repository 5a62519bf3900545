// @ts-check
/**
 * Mutation testing of this template (`pnpm mutate`), set up as every template's is: see
 * ../../scripts/stryker-template.mjs. Kept out of a scaffolded project by create-loop.
 *
 * Rule 'look' (scripts/mutation-rules.mjs): the scene's colours and materials are judged by eye.
 * Not 'hues': scene.test.ts checks the instances' hues, so their mutants are run.
 */
import { templateStrykerConfig } from '../../scripts/stryker-template.mjs';

export default templateStrykerConfig(import.meta.resolve('@stryker-mutator/vitest-runner'), {
  rules: ['look'],
});
