/**
 * Limits on what one client may cost a room, so a flood or a client that stops reading never
 * hurts the others: messages are paid for from a budget refilled every tick (a token bucket),
 * and snapshots wait while a client's connection has too much unsent.
 */

/** Messages a client may send per tick on average: a page sends about one a frame and 4 pings a second. */
export const MESSAGES_PER_TICK = 4;
/** Messages a client may save up (4 s worth at 60 Hz): a page that stalled and catches up is never cut. */
export const MESSAGE_BURST = 240;
/** Messages ignored for want of budget before the client is disconnected with the flood close code. */
export const FLOOD_LIMIT = 600;
/**
 * Bytes queued for a client (not yet taken by its connection) past which it is sent no more
 * snapshots: 64 KiB, hundreds of snapshots. Each is the whole world, so skipping loses nothing
 * once the client reads again.
 */
export const MAX_BUFFERED = 64 * 1024;
/** Seconds of the room's time a client may stay past {@link MAX_BUFFERED} before its connection is cut. */
export const SLOW_SECONDS = 5;

/** What {@link Budget.spend} decided: take the message, ignore it, or disconnect the sender. */
export type Admission = 'ok' | 'ignored' | 'flood';

/** One client's message budget (a token bucket): refilled each tick, one token a message. */
export class Budget {
  tokens = MESSAGE_BURST;
  /** Messages ignored so far for want of tokens. */
  ignored = 0;

  /** Pays for one message. */
  spend(): Admission {
    if (this.tokens >= 1) {
      this.tokens--;
      return 'ok';
    }
    return ++this.ignored >= FLOOD_LIMIT ? 'flood' : 'ignored';
  }

  /** A tick's worth of tokens, up to the burst. */
  refill(): void {
    this.tokens = Math.min(MESSAGE_BURST, this.tokens + MESSAGES_PER_TICK);
  }
}
