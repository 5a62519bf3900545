import type { Link } from '../link/link.js';
import { SYNC_TEST_DEFAULT } from './defaults.js';
import type { DesyncReport } from './desync.js';
import { checkGame, type RollbackGame } from './game.js';

/** The most players a session plays: the player bits of `present` and of a packet's header. */
export const MAX_PLAYERS = 8;
/** The most ticks of prediction a session may be set to (its rings are sized from it). */
export const MAX_PREDICTION = 64;
/** The most ticks of input delay. */
export const MAX_DELAY = 32;
/** The most inputs one packet may carry per player. */
export const MAX_REDUNDANCY = 64;
/**
 * Ticks of state kept past `maxPrediction`: the confirmed tick (every peer holds every input up
 * to it) trails the newest tick received by a one-way trip, and a rollback or a rejoining
 * peer's start state may reach back to it.
 */
export const HISTORY_MARGIN = 16;

/** What happened to a player, for {@link RollbackOptions.onPlayer}. */
export type PlayerEvent = 'gone' | 'left' | 'rejoined';

/** Options of a {@link RollbackSession}; each is checked when the session is made. */
export interface RollbackOptions {
  /** The game's side: its input size, state parts and step (see {@link RollbackGame}). */
  game: RollbackGame;
  /** Players in the match, 2 to 8 (spectators not counted). */
  players: number;
  /** This peer's player, 0 to players − 1. */
  local: number;
  /**
   * One {@link Link} per player, indexed by player, to that player's peer (unreliable and
   * unordered is fine: a WebRTC data channel, a relay, a conditioned memory pair); `null` at
   * `local`. Each carries only this session's messages.
   */
  links: readonly (Link | null | undefined)[];
  /** Links to spectators this peer feeds with confirmed inputs. Default none. */
  spectators?: readonly Link[];
  /** The fixed timestep in ms (the loop's). Default 1000/60. */
  timestep?: number;
  /** Ticks the session may run past the newest input it holds of every player, 0 to 64. Default 8. */
  maxPrediction?: number;
  /** Bounds on the input delay (ticks) chosen from the round trip, 0 to 32. Defaults 1 and 4. */
  minDelay?: number;
  maxDelay?: number;
  /** Most unacknowledged inputs sent in each packet, 1 to 64. Default 24. */
  redundancy?: number;
  /** Ms of silence after which a peer is dropped. Default 2000. */
  disconnectTimeout?: number;
  /** Ticks between the confirmed checksums peers compare. Default 1 (every tick). */
  checksumInterval?: number;
  /**
   * Roll back and step again `checkDistance` ticks after every tick, comparing the states.
   * Default: on in the development build (the `development` export condition: Vite's dev
   * server, Vitest), off in production bundles and in Node without that condition.
   */
  syncTest?: boolean;
  /** Ticks the sync test goes back, 1 to maxPrediction + 16. Default 2. */
  checkDistance?: number;
  /** Keep a recording of the match (confirmed inputs and checksums). Default false. */
  record?: boolean;
  /** This peer rejoins a match under way (its state comes from a peer). Default false. */
  rejoin?: boolean;
  /** The clock, in ms. Default `performance.now`; tests pass the one they drive. */
  now?: () => number;
  /** Called with the first desync found. Default: throw a {@link DesyncError}. */
  onDesync?: (report: DesyncReport) => void;
  /** Called when a player goes silent (`gone`), when its leaving tick is agreed (`left`) and when it rejoins. */
  onPlayer?: (player: number, event: PlayerEvent, tick: number) => void;
}

/** {@link RollbackOptions} with the defaults filled in. */
export interface ResolvedRollbackOptions
  extends Required<Omit<RollbackOptions, 'onDesync' | 'onPlayer' | 'spectators'>> {
  spectators: readonly Link[];
  onDesync: ((report: DesyncReport) => void) | undefined;
  onPlayer: ((player: number, event: PlayerEvent, tick: number) => void) | undefined;
  /** State slots kept: maxPrediction + HISTORY_MARGIN + 2. */
  slots: number;
}

/** Throws a RangeError naming the option unless `value` is an integer in [min, max]. */
export function integerIn(name: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer from ${min} to ${max}, got ${String(value)}`);
  }
  return value;
}

function positiveMs(name: string, value: unknown): number {
  if (typeof value !== 'number' || !(value > 0 && value < Number.POSITIVE_INFINITY)) {
    throw new RangeError(`${name} must be a finite number of ms above 0, got ${String(value)}`);
  }
  return value;
}

function isLink(value: unknown): value is Link {
  const link = value as Link | null | undefined;
  return typeof link?.sendBytes === 'function' && typeof link.onMessage === 'function';
}

function checkLinks(links: unknown, players: number, local: number): void {
  if (!Array.isArray(links) || links.length !== players) {
    const got = Array.isArray(links) ? `${links.length}` : String(links);
    throw new RangeError(`links must be an array of ${players} (one per player), got ${got}`);
  }
  for (let p = 0; p < players; p++) {
    if (p === local) {
      if (links[p] != null) throw new RangeError(`links[${p}] is the local player's: give null`);
    } else if (!isLink(links[p])) {
      throw new RangeError(
        `links[${p}] must be a Link (sendBytes, onMessage), got ${String(links[p])}`,
      );
    }
  }
}

/** Checks every option (a RangeError names the option and the value) and fills in the defaults. */
export function resolveRollbackOptions(options: RollbackOptions): ResolvedRollbackOptions {
  checkGame(options.game);
  const players = integerIn('players', options.players, 2, MAX_PLAYERS);
  const local = integerIn('local', options.local, 0, players - 1);
  checkLinks(options.links, players, local);
  const spectators = options.spectators ?? [];
  if (!Array.isArray(spectators) || !spectators.every(isLink)) {
    throw new RangeError(`spectators must be an array of Links, got ${String(spectators)}`);
  }
  const maxPrediction = integerIn('maxPrediction', options.maxPrediction ?? 8, 0, MAX_PREDICTION);
  const minDelay = integerIn('minDelay', options.minDelay ?? 1, 0, MAX_DELAY);
  const maxDelay = integerIn(
    'maxDelay',
    options.maxDelay ?? Math.max(4, minDelay),
    minDelay,
    MAX_DELAY,
  );
  const slots = maxPrediction + HISTORY_MARGIN + 2;
  return {
    game: options.game,
    players,
    local,
    links: options.links,
    spectators,
    timestep: positiveMs('timestep', options.timestep ?? 1000 / 60),
    maxPrediction,
    minDelay,
    maxDelay,
    redundancy: integerIn('redundancy', options.redundancy ?? 24, 1, MAX_REDUNDANCY),
    disconnectTimeout: positiveMs('disconnectTimeout', options.disconnectTimeout ?? 2000),
    checksumInterval: integerIn('checksumInterval', options.checksumInterval ?? 1, 1, 600),
    syncTest: options.syncTest ?? SYNC_TEST_DEFAULT,
    checkDistance: integerIn('checkDistance', options.checkDistance ?? 2, 1, slots - 2),
    record: options.record ?? false,
    rejoin: options.rejoin ?? false,
    now: options.now ?? (() => performance.now()),
    onDesync: options.onDesync,
    onPlayer: options.onPlayer,
    slots,
  };
}
