/**
 * The game's side of a rollback session: what a game gives so the session can step it, go back
 * to an earlier tick and step it again, and prove that every peer computed the same thing.
 *
 * Two kinds of game fit it:
 *
 * - **A typed-array game** keeps its whole state in named typed arrays (`parts`): positions,
 *   velocities, scores. It gives `inputWords`, `parts` and `step`, nothing more. The session
 *   copies the arrays into preallocated ring slots to save a tick, copies them back to load one,
 *   hashes them for checksums, and on a desync names the array and the index that differ.
 * - **An opaque game** (a Rapier world) keeps its state where the session cannot copy it. It
 *   gives `save` and `load` (a snapshot as bytes: `world.takeSnapshot()`,
 *   `World.restoreSnapshot(bytes)`), and `parts` as a view of the state for diagnosis (body poses
 *   written by `capture`), a `checksum` of what the parts leave out, or both.
 *
 * Either way the game never sees the network, the prediction or the rollback: `step` runs the
 * same whether a tick is played for the first time or again after a late input, which is why it
 * must be deterministic (no `Math.random()`, no clock, no iteration over a `Map` or `Set` whose
 * order depends on history; `@loop/core`'s `Random` with its state in a part is the way to
 * draw). The session's `syncTest` option proves it in development.
 *
 * @example
 * // A typed-array game: two players pushing dots.
 * const pos = new Float64Array(4);
 * const game: RollbackGame = {
 *   inputWords: 2, // dx, dy per player per tick
 *   parts: [{ name: 'pos', array: pos, stride: 2, item: 'player' }],
 *   step(inputs, _tick, present) {
 *     for (let p = 0; p < 2; p++) {
 *       if (!(present & (1 << p))) continue;
 *       pos[p * 2] += inputs[p * 2]!;
 *       pos[p * 2 + 1] += inputs[p * 2 + 1]!;
 *     }
 *   },
 * };
 */
export interface RollbackGame {
  /**
   * Int32 words of one player's input for one tick (buttons as bits, a stick quantized to
   * integers): 1 to {@link MAX_INPUT_WORDS}. All words 0 is the neutral input, what a player
   * who has not been heard from yet, or who left, plays.
   */
  readonly inputWords: number;
  /**
   * The named parts of the state, at most {@link MAX_PARTS}, each a typed array the game owns
   * and keeps (the session holds on to them: never replace an array, write into it). For a
   * typed-array game they are the whole state; for an opaque game a view of it, written by
   * `capture`, that says where two states differ. May be empty for an opaque game with a
   * `checksum`.
   */
  readonly parts: readonly StatePart[];
  /**
   * Steps the state one fixed tick. `inputs` holds every player's input for this tick, player
   * `p`'s words at `[p × inputWords, (p + 1) × inputWords)`; bit `p` of `present` is set while
   * player `p` plays (clear after the tick all peers agreed it left, until the tick it rejoins;
   * its input is then neutral). `tick` is the tick being stepped, from 0. The session owns
   * `inputs` and rewrites it for the next call: read it, do not keep it.
   */
  step(inputs: Int32Array, tick: number, present: number): void;
  /**
   * An opaque game's snapshot of its whole state (Rapier's `world.takeSnapshot()`). The session
   * copies the bytes into a slot of its own before it calls the game again, so a view of a
   * buffer the game reuses is fine. Give `save` and `load` together, or neither.
   */
  save?(): Uint8Array;
  /** Restores a state `save` gave (a copy of its bytes). The session calls `capture` after it. */
  load?(bytes: Uint8Array): void;
  /**
   * An opaque game writes its `parts` from its state (body poses from a Rapier world). The
   * session calls it after each step and load, before it hashes or compares the parts.
   */
  capture?(): void;
  /**
   * A 32-bit checksum (unsigned) of what the parts do not show (velocities, contacts, a Rapier
   * snapshot's bytes): the session folds it into each tick's checksum, and reports it as the
   * part `checksum` when it alone differs. Optional for a typed-array game (its parts are all
   * of it); an opaque game needs a checksum or parts.
   */
  checksum?(): number;
  /**
   * Names the build of the game (a version, a commit): a match's recording replays only on the
   * build that made it. Default `'rollback'`.
   */
  readonly build?: string;
}

/**
 * One named piece of a game's state: `pos`, `vel`, `score`, or an opaque game's `poses`. A
 * desync names it, with the index and, when the part has a `stride`, the item and field
 * ("`poses`: body 12, field 3").
 */
export interface StatePart {
  /** The name reports use. Unique among the game's parts. */
  readonly name: string;
  /** The values: kept by the session for the game's life (write into it, never replace it). */
  readonly array: PartArray;
  /** Numbers per item (7 for a pose: x y z qx qy qz qw); default 1. */
  readonly stride?: number;
  /** What an item is called in a report (`body`, `player`); default `item`. */
  readonly item?: string;
}

/** A typed array a {@link StatePart} may hold (BigInt arrays are left out: `step` works in numbers). */
export type PartArray =
  | Float64Array
  | Float32Array
  | Int32Array
  | Uint32Array
  | Int16Array
  | Uint16Array
  | Int8Array
  | Uint8Array
  | Uint8ClampedArray;

/** The most Int32 words one player's input may have per tick. */
export const MAX_INPUT_WORDS = 64;
/** The most parts a game may name: each is hashed on its own and exchanged in every checksum report. */
export const MAX_PARTS = 16;

/** Whether the game saves itself (an opaque game) rather than through its parts. */
export function isOpaque(game: RollbackGame): boolean {
  return typeof game.save === 'function';
}

function isPartArray(value: unknown): value is PartArray {
  return (
    ArrayBuffer.isView(value) &&
    !(value instanceof DataView) &&
    !(value instanceof BigInt64Array) &&
    !(value instanceof BigUint64Array)
  );
}

function checkPart(part: StatePart, at: number, names: Set<string>): void {
  const where = `game.parts[${at}]`;
  if (typeof part !== 'object' || part === null) {
    throw new RangeError(`${where} must be a { name, array } object, got ${String(part)}`);
  }
  if (typeof part.name !== 'string' || part.name === '' || names.has(part.name)) {
    throw new RangeError(
      `${where}.name must be a unique non-empty string, got ${String(part.name)}`,
    );
  }
  names.add(part.name);
  if (!isPartArray(part.array)) {
    throw new RangeError(
      `${where}.array must be a typed array of numbers, got ${String(part.array)}`,
    );
  }
  const stride = part.stride ?? 1;
  if (!Number.isInteger(stride) || stride < 1) {
    throw new RangeError(`${where}.stride must be an integer of 1 or more, got ${String(stride)}`);
  }
}

/**
 * Checks a game as a session is made: a RangeError names what is wrong and its value, so a
 * game that cannot be rolled back says so at once instead of desyncing later.
 */
export function checkGame(game: RollbackGame): void {
  if (typeof game !== 'object' || game === null) {
    throw new RangeError(`game must be a RollbackGame object, got ${String(game)}`);
  }
  const words = game.inputWords;
  if (!Number.isInteger(words) || words < 1 || words > MAX_INPUT_WORDS) {
    throw new RangeError(
      `inputWords must be an integer from 1 to ${MAX_INPUT_WORDS}, got ${String(words)}`,
    );
  }
  if (typeof game.step !== 'function') {
    throw new RangeError(`game.step must be a function, got ${String(game.step)}`);
  }
  if (!Array.isArray(game.parts) || game.parts.length > MAX_PARTS) {
    throw new RangeError(
      `game.parts must be an array of at most ${MAX_PARTS} parts, got ${String(game.parts)}`,
    );
  }
  const names = new Set<string>();
  for (let at = 0; at < game.parts.length; at++) checkPart(game.parts[at]!, at, names);
  if ((typeof game.save === 'function') !== (typeof game.load === 'function')) {
    throw new RangeError('game.save and game.load go together: give both or neither');
  }
  if (isOpaque(game)) {
    if (game.parts.length === 0 && typeof game.checksum !== 'function') {
      throw new RangeError('an opaque game (save/load) needs parts or a checksum, got neither');
    }
  } else if (game.parts.length === 0) {
    throw new RangeError(
      'game.parts is empty: a typed-array game is its parts (or give save/load)',
    );
  }
}
