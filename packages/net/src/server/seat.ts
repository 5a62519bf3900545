import type { Budget } from './guards.js';
import type { InputQueue } from './input-queue.js';
import type { Peer } from './peer.js';

/**
 * What the warden keeps of each client: a seat of any room has these fields, so the warden
 * (warden.ts) decides what a client's misbehaviour costs it without knowing the game.
 */
export interface Guarded {
  /** The client's connection: a new one after a reconnection. */
  peer: Peer;
  /** Its message budget (guards.ts). */
  readonly budget: Budget;
  /** Malformed or unknown messages so far; at MAX_STRIKES the client is kicked. */
  strikes: number;
  /** Kicked by the room: nothing more of it is read, and it may not reconnect. */
  kicked: boolean;
  /** The tick it was kicked; −1 while it is not. */
  kickedAt: number;
  /** The tick this client took (or took back) its seat: its join must be acknowledged from it. */
  since: number;
}

/**
 * A client in a seat: its player's slot, its pending inputs, what it has cost the room. Kept by
 * the {@link RoomDriver} across a reconnection (the same slot and player, a new peer).
 */
export interface Seat extends Guarded {
  readonly slot: number;
  readonly inputs: InputQueue;
  /** Ticks stepped without this client's input (the previous one was held). */
  missed: number;
  /** The tick its connection dropped, while the seat waits for it to reconnect; −1 when here. */
  away: number;
  /**
   * Called once by the step when an away seat's wait is over (the transport's pending
   * reconnection is refused there, and its refusal frees the seat); set by whoever waits.
   */
  giveUp: (() => void) | undefined;
  /** The tick since which its connection has had too much unsent; −1 when it keeps up. */
  slowSince: number;
}

/** What a room has done, for a load test or a dashboard: read, never reset. */
export interface RoomStats {
  /** Steps taken, and the time they took in all (ms) and at the most. */
  ticks: number;
  stepMs: number;
  maxStepMs: number;
  /** Snapshot bytes sent, to all clients together. */
  bytesOut: number;
}

/** Messages a room refused, by reason, over its life. */
export interface Refused {
  malformed: number;
  oversize: number;
  late: number;
  early: number;
  unknown: number;
  flood: number;
  slow: number;
}
