import { MSG_SNAPSHOT } from '../wire/messages.js';
import { MAX_BUFFERED, SLOW_SECONDS } from './guards.js';
import type { RoomDriver } from './room-driver.js';
import type { Seat } from './seat.js';

/**
 * Sends a room's snapshots: the state encoded once into one frame, then each client's header
 * stamped and the same bytes sent, so a snapshot costs one encoding whatever the clients. A
 * client that stopped reading is skipped while its connection holds more than MAX_BUFFERED
 * unsent, and cut after SLOW_SECONDS of it: it costs the room nothing but its own seat.
 */
export class SnapshotSender<State> {
  readonly #room: RoomDriver<State>;
  readonly #slowTicks: number;

  constructor(room: RoomDriver<State>) {
    this.#room = room;
    this.#slowTicks = Math.round(SLOW_SECONDS * room.wire.tickRate);
  }

  /** One snapshot of the room's state to every client it may go to. */
  send(): void {
    const room = this.#room;
    const frame = room.game.encode(room.state, room.inputs, room.tick);
    const seats = room.seats;
    // Stryker disable next-line EqualityOperator: seats[maxPlayers] is past the array's end: undefined, skipped
    for (let slot = 0; slot < seats.length; slot++) {
      const seat = seats[slot];
      // Only to a client that acknowledged its join (nothing queues for one that never does),
      // not kicked, and present: one whose connection dropped is leaving while its seat waits.
      if (seat?.peer.state !== 'joined' || seat.kicked) continue;
      if (this.#behind(seat)) continue;
      const bytes = frame.stamp(seat.inputs.newest, seat.missed, seat.slot);
      seat.peer.send(MSG_SNAPSHOT, bytes);
      room.stats.bytesOut += bytes.byteLength;
    }
  }

  /**
   * True when the client's connection holds more than MAX_BUFFERED unsent (it stopped reading):
   * it is skipped (counted as `slow`), and cut after SLOW_SECONDS of it, with no close handshake
   * it could not read anyway.
   */
  #behind(seat: Seat): boolean {
    const room = this.#room;
    if (seat.peer.buffered() <= MAX_BUFFERED) {
      seat.slowSince = -1;
      return false;
    }
    room.refused.slow++;
    // Stryker disable next-line EqualityOperator: slowSince is −1 or the tick it began, never 0: a snapshot goes out only after a step
    if (seat.slowSince < 0) seat.slowSince = room.tick;
    else if (room.tick - seat.slowSince > this.#slowTicks) {
      room.warden.cut(seat, 'stopped reading', room.tick);
    }
    return true;
  }
}
