import type { Wire } from '../wire/define-wire.js';
import type { SnapshotFrame } from '../wire/snapshot-frame.js';

/**
 * What a game declares so that `@loop/net` can host it: its wire (tick rate, input and snapshot
 * sizes: `defineWire`), its seats, and its simulation as free functions over the game's own
 * state. The room side knows nothing else of the game: no names, no arena, only these bytes and
 * calls, so one room driver (room-driver.ts) and one session recorder serve every game.
 *
 * The simulation must be deterministic over (state, inputs): the server, every page's
 * prediction and a replay of a recorded session all step the same state with the same inputs
 * and must reach the same bits ("Deterministic Lockstep", Glenn Fiedler).
 */
export interface NetGame<State> {
  /** The game's wire: `tickRate`, `inputBytes`, `snapshotBodyBytes`, the input clamp. */
  readonly wire: Wire;
  /** Seats in a room (1 to 255: a snapshot names a seat in a byte, 255 is none). */
  readonly maxPlayers: number;
  /**
   * Names this simulation for recordings: a recording replays only on the build that made it.
   * Change it whenever what a step does changes.
   */
  readonly build: string;
  /** A new world, laid out from `seed` (the room's `seed` option): the same seed, the same world. */
  create(seed: number): State;
  /** Seats a player at `slot` (a fresh body at rest): the room calls it when a client takes a seat. */
  join(state: State, slot: number): void;
  /**
   * Frees `slot`'s player: the room calls it when a seat is given up for good, and a replay for
   * every empty seat before each step, so on a seat already empty it must change nothing.
   */
  leave(state: State, slot: number): void;
  /**
   * One fixed step. `inputs` holds every seat's input in force, `wire.inputBytes` each, seat
   * after seat (an empty seat's are zeros); the room changes it only between steps.
   */
  step(state: State, inputs: Int8Array): void;
  /**
   * The input table inside the game's state, where the game keeps one (a page's prediction
   * steps the same object): the room then writes every seat's input straight into it and passes
   * it to {@link step}. Without it the room keeps a table of its own. `maxPlayers × inputBytes` long.
   */
  inputsOf?(state: State): Int8Array;
  /**
   * Writes a snapshot of `state` at `tick` (`inputs` are the seats' inputs in force) into a
   * {@link SnapshotFrame} the game made once (`wire.createSnapshotFrame()`, `begin(tick)`, then
   * the body) and returns it: the room stamps each client's header into it and sends it. Exact:
   * a page that rewinds to it and a replay that starts from it continue bit for bit.
   */
  encode(state: State, inputs: Int8Array, tick: number): SnapshotFrame;
  /**
   * Reads a whole snapshot written by {@link encode} back into `state` (a replay's start);
   * false, changing nothing, when it is not one.
   */
  decode(snapshot: Uint8Array, state: State): boolean;
  /** A number that differs when two states differ (`hashNumbers` of its arrays): a replay checks it each tick. */
  hash(state: State): number;
}

/**
 * Checks a game's declaration once, when a room type is defined: a RangeError names the field
 * and its value.
 */
export function checkGame<State>(game: NetGame<State>): NetGame<State> {
  const { maxPlayers, build } = game;
  if (!Number.isInteger(maxPlayers) || maxPlayers < 1 || maxPlayers > 254) {
    throw new RangeError(
      `game maxPlayers must be an integer from 1 to 254, got ${String(maxPlayers)}`,
    );
  }
  if (typeof build !== 'string' || build.length === 0) {
    throw new RangeError(`game build must be a non-empty string, got ${String(build)}`);
  }
  for (const name of ['create', 'join', 'leave', 'step', 'encode', 'decode', 'hash'] as const) {
    if (typeof game[name] !== 'function') {
      throw new RangeError(`game ${name} must be a function, got ${String(game[name])}`);
    }
  }
  if (game.inputsOf !== undefined && typeof game.inputsOf !== 'function') {
    throw new RangeError(`game inputsOf must be a function, got ${String(game.inputsOf)}`);
  }
  return game;
}

/**
 * The input table a room steps `state` with: the game's own ({@link NetGame.inputsOf}) or a new
 * one; a RangeError when the game's is not `maxPlayers × inputBytes` long.
 */
export function inputsFor<State>(game: NetGame<State>, state: State): Int8Array {
  const length = game.maxPlayers * game.wire.inputBytes;
  const inputs = game.inputsOf?.(state) ?? new Int8Array(length);
  if (!(inputs instanceof Int8Array) || inputs.length !== length) {
    throw new RangeError(
      `game inputsOf must give an Int8Array of ${length}, got ${String(inputs)}`,
    );
  }
  return inputs;
}
