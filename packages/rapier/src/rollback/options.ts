import type { WorldState } from '../world-state.js';
import type { RollbackWorld } from './rollback-types.js';

/** The most Int32 words of one player's input per tick: `@loop/net/rollback`'s `MAX_INPUT_WORDS`. */
export const MAX_INPUT_WORDS = 64;

/**
 * What a rollback game's `checksum` covers beside the poses. `velocities`: every body's linear
 * and angular velocity (cheap: two reads a body; two worlds that pose and move alike agree).
 * `snapshot`: a hash of the whole `takeSnapshot()` (everything Rapier keeps: sleep, contacts,
 * the solver's warm start), dearer, and the strictest proof that two peers hold one world.
 */
export type ChecksumSource = 'velocities' | 'snapshot';

/** Options of a {@link RapierRollback}; each is checked when it is made. */
export interface RapierRollbackOptions<W extends RollbackWorld> {
  /**
   * The world and its bodies by index (`WorldState`): every body the poses show, added before
   * the rollback game is made (the session keeps the pose array for the match's life, so its
   * size is fixed). Bodies are found again by handle after each load.
   */
  state: WorldState<W>;
  /** Int32 words of one player's input per tick, 1 to 64 (buttons as bits, a stick as integers). */
  inputWords: number;
  /**
   * The game's deterministic part of a tick: the inputs act on the bodies of `state.world`
   * (impulses, respawns); the rollback game then steps the world once by `timestep`. Use no
   * `Math.random()`, no clock, no `Math.sin`/`cos` (they differ across platforms), and keep
   * everything the step reads inside the Rapier world: it runs again after a late input.
   */
  act(state: WorldState<W>, inputs: Int32Array, tick: number, present: number): void;
  /** The fixed timestep in ms, the session's. Default 1000/60. */
  timestep?: number;
  /** What `checksum` hashes beside the poses. Default `velocities`. */
  checksum?: ChecksumSource;
  /** The game's build (a version, a commit) for the match's recording. Default `'rapier'`. */
  build?: string;
}

/** {@link RapierRollbackOptions} checked and with the defaults filled in. */
export type ResolvedRapierRollbackOptions<W extends RollbackWorld> = Required<
  RapierRollbackOptions<W>
>;

function fail(name: string, want: string, value: unknown): never {
  throw new RangeError(`${name} must be ${want}, got ${String(value)}`);
}

/**
 * Checks every option (a RangeError names the option and the value) and fills in the defaults,
 * so a rollback game that cannot work says so when it is made, not as a desync mid-match.
 */
export function resolveRapierRollbackOptions<W extends RollbackWorld>(
  options: RapierRollbackOptions<W>,
): ResolvedRapierRollbackOptions<W> {
  const state = options?.state;
  if (typeof state?.saveState !== 'function' || typeof state.loadState !== 'function') {
    fail('state', 'a WorldState', state);
  }
  if (typeof state.world?.step !== 'function') fail('state.world', 'a Rapier World', state.world);
  if (!(state.count > 0)) fail('state', 'a WorldState holding bodies', `${state.count} bodies`);
  const words = options.inputWords;
  if (!Number.isInteger(words) || words < 1 || words > MAX_INPUT_WORDS) {
    fail('inputWords', `an integer from 1 to ${MAX_INPUT_WORDS}`, words);
  }
  if (typeof options.act !== 'function') fail('act', 'a function', options.act);
  const timestep = options.timestep ?? 1000 / 60;
  if (typeof timestep !== 'number' || !(timestep > 0 && timestep < Number.POSITIVE_INFINITY)) {
    fail('timestep', 'a finite number of ms above 0', timestep);
  }
  const checksum = options.checksum ?? 'velocities';
  if (checksum !== 'velocities' && checksum !== 'snapshot') {
    fail('checksum', "'velocities' or 'snapshot'", checksum);
  }
  const build = options.build ?? 'rapier';
  if (typeof build !== 'string' || build === '') fail('build', 'a non-empty string', build);
  return { state, inputWords: words, act: options.act, timestep, checksum, build };
}
