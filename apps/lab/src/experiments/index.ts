import { fpsCap } from './cap.js';
import { drift } from './drift.js';
import { integrator } from './integrator.js';
import { spiralOfDeath } from './spiral.js';
import { trace } from './trace.js';
import type { Experiment } from './types.js';

/** The seeds' experiments, in the order the lab lists them. */
export const EXPERIMENTS: readonly Experiment[] = [drift, integrator, trace, spiralOfDeath, fpsCap];

/** The experiment with `id`, or undefined. */
export function findExperiment(id: string): Experiment | undefined {
  return EXPERIMENTS.find((experiment) => experiment.id === id);
}

/**
 * The values an experiment runs with, read from the lab's state (`id.key` entries), so a link
 * reproduces them; anything outside a parameter's bounds is left at its default.
 */
export function experimentValues(
  experiment: Experiment,
  expParams: Readonly<Record<string, number>>,
): Record<string, number> {
  const values: Record<string, number> = {};
  for (const param of experiment.params) {
    const value = expParams[`${experiment.id}.${param.key}`];
    if (value !== undefined && value >= param.min && value <= param.max) values[param.key] = value;
  }
  return values;
}
