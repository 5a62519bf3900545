/**
 * What a numeric setting accepts, in one place for both ways a value comes in (a link, a form
 * control) and for both kinds of setting (the lab's, an experiment's): a finite number within
 * [min, max], and a whole one where the step is 1, because @loop/core refuses a fractional
 * maxSteps in development and rounds it silently in production.
 */

/** The bounds of a numeric setting: `step` 1 for a whole number, 'any' for a real one. */
export interface Bounds {
  readonly min: number;
  readonly max: number;
  readonly step: number | 'any';
}

/** Whether `value` is a number the setting accepts. */
export function accepts(bounds: Bounds, value: number): boolean {
  if (!Number.isFinite(value) || value < bounds.min || value > bounds.max) return false;
  return bounds.step !== 1 || Number.isInteger(value);
}

/** The number `text` spells if the setting accepts it; undefined for anything else or blank. */
export function readBounded(text: string | null | undefined, bounds: Bounds): number | undefined {
  if (text === null || text === undefined || text.trim() === '') return undefined;
  const value = Number(text);
  return accepts(bounds, value) ? value : undefined;
}

/**
 * What the setting accepts, in words, for the note beside a control the user filled wrongly:
 * "maxSteps must be a whole number from 1 to 1000".
 */
export function allowed(name: string, bounds: Bounds): string {
  const kind = bounds.step === 1 ? 'a whole number' : 'a number';
  return `${name} must be ${kind} from ${bounds.min} to ${bounds.max}`;
}
