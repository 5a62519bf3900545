import { CLOSE_FLOOD, CLOSE_MALFORMED, MAX_STRIKES } from '../wire/messages.js';
import { CLOSE_JOIN_TIMEOUT, closeReason } from './close-reason.js';
import type { Limits } from './limits.js';
import type { LogLimit } from './log-limit.js';
import type { Guarded } from './seat.js';

/** The counters the warden adds to: a room's `refused`. */
export interface WardenCounts {
  malformed: number;
  unknown: number;
  flood: number;
}

/**
 * Decides what a client's misbehaviour costs it, and it alone: messages paid for from its
 * budget, strikes for malformed and unknown ones, a kick with a close code and a reason that
 * fits a close frame, a cut (no handshake) for a client that never acknowledged its join or
 * never answered its close frame. A kicked client's messages are dropped from the kick on, its
 * connection terminated after `kickGraceSeconds`. Each kick is a line in the log, the refusals
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
   * none left; past FLOOD_LIMIT such messages the client is kicked with {@link CLOSE_FLOOD}.
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
        `refused ${what === 'unknown' ? 'an unknown' : 'a malformed'} message from ${seat.peer.id}`,
      );
  }

  /**
   * Closes the client's connection with `code` and `reason` (cut to fit a close frame), once:
   * its messages are dropped from now on (the room reads `kicked` first), and {@link watch}
   * terminates it if it never closes.
   */
  kick(seat: Guarded, code: number, reason: string, tick: number): void {
    if (seat.kicked) return;
    seat.kicked = true;
    seat.kickedAt = tick;
    this.log.line(`kicked ${seat.peer.id} (${code}): ${reason}`);
    seat.peer.close(code, closeReason(reason));
  }

  /**
   * Ends the connection of a client not yet kicked at once, with no close handshake: one that
   * stopped reading would not read it.
   */
  cut(seat: Guarded, reason: string, tick: number): void {
    seat.kicked = true;
    seat.kickedAt = tick;
    this.log.line(`cut ${seat.peer.id}: ${reason}`);
    seat.peer.terminate();
  }

  /**
   * Once a tick for every client: kicks one that has not acknowledged its join `joinSeconds`
   * after it took its seat, and terminates one still connected `kickGraceSeconds` after its kick.
   */
  watch(seat: Guarded, tick: number): void {
    if (seat.kicked) {
      if (tick - seat.kickedAt > this.#graceTicks) seat.peer.terminate();
    } else if (seat.peer.state === 'joining' && tick - seat.since > this.#joinTicks) {
      this.kick(seat, CLOSE_JOIN_TIMEOUT, 'join not acknowledged', tick);
    }
  }
}
