import { show } from '../show.js';

/**
 * Options of an {@link InstantReplay}. Each length is given in seconds of simulated time (what a
 * player is told) or in ticks (what a tick-counting game or a test thinks in), never both.
 */
export interface InstantReplayOptions {
  /** Names the build and whatever else a replay depends on (a level, a seed): others are refused. */
  build: string;
  /** The loop's timestep in ms (`loop.options.timestep`). */
  timestep: number;
  /** Seconds an instant replay shows. Default 10 (or {@link instantTicks}). */
  instantSeconds?: number;
  /** Ticks an instant replay shows, a whole number >= 1: {@link instantSeconds} in ticks. */
  instantTicks?: number;
  /** Seconds of history kept for an instant replay and a saved file. Default 12. */
  keepSeconds?: number;
  /** Ticks of history kept, a whole number >= 1: {@link keepSeconds} in ticks. */
  keepTicks?: number;
  /** Seconds between keyframes: how far before the asked start a replay may begin. Default 2. */
  keyframeSeconds?: number;
  /** Ticks between keyframes, a whole number >= 1: {@link keyframeSeconds} in ticks. */
  keyframeTicks?: number;
  /** The replay's speed: 0.25 slow motion, 4 fast forward (see {@link InstantReplay.timeScale}). Default 1. */
  speed?: number;
}

/**
 * One length option as whole ticks, at least one: `<name>Ticks` as given, or `<name>Seconds`
 * (default `fallback`) rounded to ticks of `timestep`. Checked when the replay is made, with a
 * RangeError naming the option and its value, not at the first replay a player asks for.
 */
export function ticks(
  options: InstantReplayOptions,
  name: 'instant' | 'keep' | 'keyframe',
  fallback: number,
): number {
  const seconds = options[`${name}Seconds`];
  const count = options[`${name}Ticks`];
  const option = `InstantReplay option ${name}`;
  if (count !== undefined && seconds !== undefined) {
    throw new RangeError(
      `${option}Seconds or ${name}Ticks, not both: got ${show(seconds)} and ${show(count)}`,
    );
  }
  if (count !== undefined) {
    if (Number.isInteger(count) && count >= 1) return count;
    throw new RangeError(`${option}Ticks must be a whole number of ticks >= 1, got ${show(count)}`);
  }
  const s = seconds ?? fallback;
  if (typeof s === 'number' && s > 0 && s !== Infinity) {
    return Math.max(1, Math.round((s * 1000) / options.timestep));
  }
  throw new RangeError(`${option}Seconds must be a number of seconds > 0, got ${show(s)}`);
}
