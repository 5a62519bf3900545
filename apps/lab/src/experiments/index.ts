import { accepts } from '../bounds.js';
import { fpsCap } from './cap.js';
import { drift } from './drift.js';
import { integrator } from './integrator.js';
import { spiralOfDeath } from './spiral.js';
import { trace } from './trace.js';
import type { Experiment } from './types.js';

/** The articles' experiments, in the order the lab lists them. */
export const EXPERIMENTS: readonly Experiment[] = [drift, integrator, trace, spiralOfDeath, fpsCap];

/** The experiment with `id`, or undefined. */
export function findExperiment(id: string): Experiment | undefined {
  return EXPERIMENTS.find((experiment) => experiment.id === id);
}

/** An experiment's parameters as a link set them: those it runs with and those it refused. */
export interface ReadValues {
  /** The values it runs with, by param key (the others run at their defaults). */
  readonly values: Record<string, number>;
  /** The values it does not accept, by param key: the view shows them flagged. */
  readonly rejected: Record<string, number>;
}

/**
 * An experiment's parameters read from the lab's state (`id.key` entries), so a link
 * reproduces them; anything the parameter does not accept (out of bounds, or fractional where
 * it takes whole numbers: a maxSteps of 2.5 would throw in @loop/core) is set aside in
 * `rejected` and the parameter left at its default, never dropped without a word.
 */
export function readValues(
  experiment: Experiment,
  expParams: Readonly<Record<string, number>>,
): ReadValues {
  const values: Record<string, number> = {};
  const rejected: Record<string, number> = {};
  for (const param of experiment.params) {
    const value = expParams[`${experiment.id}.${param.key}`];
    if (value === undefined) continue;
    if (accepts(param, value)) values[param.key] = value;
    else rejected[param.key] = value;
  }
  return { values, rejected };
}

/** The values an experiment runs with (see {@link readValues}), for callers without a view. */
export function experimentValues(
  experiment: Experiment,
  expParams: Readonly<Record<string, number>>,
): Record<string, number> {
  return readValues(experiment, expParams).values;
}
