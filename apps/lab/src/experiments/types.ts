/**
 * The shape every experiment shares, so the view can show any of them the same way: its
 * parameters as form controls, and a table of figures with the article's published number
 * beside ours, computed live by running @loop/core through the manual scheduler.
 */

import { createLoop, type Loop, type LoopOptions } from '@loop/core';
import type { Bounds } from '../bounds.js';

/** One numeric parameter of an experiment. */
export interface ExperimentParam<K extends string = string> extends Bounds {
  /** Key within the experiment (the link writes `experiment.key`). */
  readonly key: K;
  readonly label: string;
  readonly value: number;
}

/** One figure: the article's published number (quoted, or null where it gives none) and ours. */
export interface FigureRow {
  /** Stable key for tests and links. */
  readonly key: string;
  readonly label: string;
  readonly seed: string | null;
  readonly ours: string;
}

/** An article's claim as an experiment, one click in the lab. */
export interface Experiment {
  readonly id: string;
  readonly title: string;
  /** The article that makes the claim: its title and author, as the page shows them. */
  readonly seed: string;
  /** The claim, in the project's words. */
  readonly explain: string;
  readonly params: readonly ExperimentParam[];
  /** Runs the experiment with `values` (by param key) and returns its figures. */
  run(values: Readonly<Record<string, number>>): FigureRow[];
}

/** A parameter, in one line: `step` 'any' for a real number, 1 for a whole one. */
export function param<K extends string>(
  key: K,
  label: string,
  value: number,
  min: number,
  max: number,
  step: number | 'any' = 'any',
): ExperimentParam<K> {
  return { key, label, value, min, max, step };
}

/** Every parameter's value: from `values` where given, else its default. */
export function withDefaults<K extends string>(
  params: readonly ExperimentParam<K>[],
  values: Readonly<Record<string, number>>,
): Record<K, number> {
  const out = {} as Record<K, number>;
  for (const p of params) out[p.key] = values[p.key] ?? p.value;
  return out;
}

/**
 * A started loop on the manual scheduler, as every experiment runs @loop/core: frames only when
 * `frame(now)` is called with the experiment's timestamps, never paused by a hidden page.
 */
export function manualLoop(options: LoopOptions): Loop {
  return createLoop({ scheduler: 'manual', pauseWhenHidden: false, ...options }).start();
}
