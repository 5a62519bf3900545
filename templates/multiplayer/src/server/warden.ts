import { type Client, ClientState } from '@colyseus/core';
import { CLOSE_FLOOD, CLOSE_MALFORMED, MAX_STRIKES } from '../shared/protocol';
import { CLOSE_JOIN_TIMEOUT, closeReason } from './close-reason';
import type { Budget } from './guards';
import type { Limits } from './limits';
import type { LogLimit } from './log-limit';

/** What the warden keeps of each client: a seat of any game's room has these fields. */
export interface Guarded {
  client: Client;
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

/** The counters the warden adds to: a room's `refused`. */
export interface WardenCounts {
  malformed: number;
  unknown: number;
  flood: number;
}

/** Ends a connection at once, with no close handshake: `ws`'s terminate() (the transport's). */
function terminate(ref: unknown): void {
  (ref as { terminate(): void }).terminate();
}

/**
 * Decides what a client's misbehaviour costs it, and it alone: messages paid for from its
 * budget, strikes for malformed and unknown ones, a kick with a close code and a reason that
 * fits a close frame, a cut (no handshake) for a client that never acknowledged its join or
 * never answered its close frame. A kicked client's messages are dropped from the kick on, its
 * socket terminated after `kickGraceSeconds`. Each kick is a line in the log, the refusals
 * before it lines of a rate-limited log. Time is the room's ticks, so a test drives it.
 */
export class Warden {
  readonly #joinTicks: number;
  readonly #graceTicks: number;

  constructor(
    limits: Limits,
    tickRate: number,
    readonly counts: WardenCounts,
    readonly log: LogLimit,
  ) {
    this.#joinTicks = Math.round(limits.joinSeconds * tickRate);
    this.#graceTicks = Math.round(limits.kickGraceSeconds * tickRate);
  }

  /**
   * Pays for one message from the client's budget: false, and counted as `flood`, when it has
   * none left; past FLOOD_LIMIT such messages the client is kicked with 4429.
   */
  admit(seat: Guarded, tick: number): boolean {
    const admission = seat.budget.spend();
    if (admission === 'ok') return true;
    this.counts.flood++;
    if (admission === 'flood') this.kick(seat, CLOSE_FLOOD, 'too many messages', tick);
    return false;
  }

  /** A malformed or unknown message: counted, a strike, and at MAX_STRIKES a kick with 4400. */
  refuse(seat: Guarded, what: 'malformed' | 'unknown', tick: number): void {
    this.counts[what]++;
    if (++seat.strikes >= MAX_STRIKES) this.kick(seat, CLOSE_MALFORMED, 'malformed messages', tick);
    else
      this.log.line(
        `refused ${what === 'unknown' ? 'an unknown' : 'a malformed'} message from ${seat.client.sessionId}`,
      );
  }

  /**
   * Closes the client's connection with `code` and `reason` (cut to fit a close frame), once:
   * its messages are dropped from now on (GuardedRoom reads `kicked` first), and {@link watch}
   * terminates it if it never closes.
   */
  kick(seat: Guarded, code: number, reason: string, tick: number): void {
    if (seat.kicked) return;
    seat.kicked = true;
    seat.kickedAt = tick;
    this.log.line(`kicked ${seat.client.sessionId} (${code}): ${reason}`);
    seat.client.leave(code, closeReason(reason));
  }

  /**
   * Ends the connection of a client not yet kicked at once, with no close handshake: one that
   * stopped reading would not read it.
   */
  cut(seat: Guarded, reason: string, tick: number): void {
    seat.kicked = true;
    seat.kickedAt = tick;
    this.log.line(`cut ${seat.client.sessionId}: ${reason}`);
    terminate(seat.client.ref);
  }

  /**
   * Once a tick for every client: kicks one that has not acknowledged its join `joinSeconds`
   * after it took its seat, and terminates one still connected `kickGraceSeconds` after its kick.
   */
  watch(seat: Guarded, tick: number): void {
    if (seat.kicked) {
      if (tick - seat.kickedAt > this.#graceTicks) terminate(seat.client.ref);
    } else if (seat.client.state === ClientState.JOINING && tick - seat.since > this.#joinTicks) {
      this.kick(seat, CLOSE_JOIN_TIMEOUT, 'join not acknowledged', tick);
    }
  }
}
