import {
  type Client,
  type ClientPrivate,
  ClientState,
  ErrorCode,
  Room,
  ServerError,
} from '@colyseus/core';
import { CLOSE_ERROR } from '../../server/close-reason.js';
import { checkJoinOptions, type OptionSpec } from '../../server/join-options.js';
import type { Guarded } from '../../server/seat.js';
import type { Warden } from '../../server/warden.js';
import { gate } from './message-gate.js';

/**
 * A Colyseus 0.16 room that a stranger's bytes cannot hurt beyond the stranger's own seat,
 * whatever the game: join options checked before a room exists ({@link onAuth}); every
 * WebSocket message sorted by the gate (message-gate.ts) before Colyseus reads it, paid for,
 * and refused, kicked and logged by the {@link Warden}; a throw in the game's handling of a
 * message cuts its sender, not the process; socket errors logged a line each, rate-limited.
 * A room extends it, names its message types, and finds a client's {@link Guarded}.
 */
export abstract class GuardedRoom extends Room {
  /**
   * The join options a client may give, each with its check (join-options.ts); default none.
   * A subclass sets its own: `static override joinOptions = { name: optionString(24) }`.
   */
  static joinOptions: OptionSpec = {};

  /**
   * Refuses join options the room does not take, with the reason, before any room is found or
   * made: Colyseus 0.16 calls a room type's static onAuth first in `create`, `join`,
   * `joinOrCreate` and `joinById`, and a throw there answers the request and leaves nothing.
   */
  static override async onAuth(_token: string, options: unknown): Promise<true> {
    // biome-ignore lint/complexity/noThisInStatic: Colyseus calls it on the room type defined, so a subclass's joinOptions are the ones read
    const problem = checkJoinOptions(options, this.joinOptions);
    if (problem !== undefined) throw new ServerError(ErrorCode.INVALID_PAYLOAD, problem);
    return true;
  }

  /** The message types clients may send (one byte each, 0 to 127): everything else is refused. */
  protected abstract readonly messageTypes: readonly number[];
  /** Decides what a client's misbehaviour costs it; set in the subclass's onCreate. */
  protected abstract get warden(): Warden;
  /** The client's guarded state (its seat), while it has one. */
  protected abstract guardedOf(sessionId: string): Guarded | undefined;
  /** The room's time in ticks, which every kick and grace is counted in. */
  protected abstract get tick(): number;

  /**
   * Every WebSocket message of a joined client, before Colyseus reads a byte of it: a kicked
   * client's are dropped; the gate passes on the join acknowledgement, a leave, and data of the
   * room's types from a client that acknowledged its join, each but the first two paid for from
   * its budget; the rest is refused here, a strike.
   */
  protected override _onMessage(client: Client & ClientPrivate, buffer: Buffer): void {
    const seat = this.guardedOf(client.sessionId);
    // A client with no guarded state (no seat) is read no further: nothing it sends reaches the room.
    if (seat === undefined) return;
    if (seat.kicked) return;
    const tick = this.tick;
    const verdict = gate(buffer, this.messageTypes, client.state === ClientState.JOINED);
    try {
      if (verdict === 'ack' || verdict === 'leave') super._onMessage(client, buffer);
      else if (!this.warden.admit(seat, tick)) return;
      else if (verdict === 'data') super._onMessage(client, buffer);
      else this.warden.refuse(seat, verdict, tick);
    } catch (error) {
      this.warden.log.line(`failed on a message from ${client.sessionId}: ${String(error)}`);
      this.warden.kick(seat, CLOSE_ERROR, 'server error', tick);
    }
  }

  /**
   * Sends the client's socket errors (a frame over the transport's size limit, text that is not
   * UTF-8: `ws` closes the socket itself) to the rate-limited log, not a stack trace each: call
   * it for every client that joins or reconnects.
   */
  protected quiet(client: Client): void {
    const ref = client.ref as {
      removeAllListeners(event: string): void;
      on(event: string, listener: (error: Error) => void): void;
    };
    ref.removeAllListeners('error');
    ref.on('error', (error) =>
      this.warden.log.line(`socket error from ${client.sessionId}: ${error.message}`),
    );
  }
}
