// @ts-check
/**
 * Mutation testing of this template (`pnpm mutate`), set up as every template's is: see
 * ../../scripts/stryker-template.mjs. Kept out of a scaffolded project by create-loop.
 */
import { templateStrykerConfig } from '../../scripts/stryker-template.mjs';

export default templateStrykerConfig(import.meta.resolve('@stryker-mutator/vitest-runner'));
