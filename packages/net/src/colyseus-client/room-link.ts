import type { Client, Room } from 'colyseus.js';
import type { Link, MessageHandler } from '../link/link.js';
import { CLOSE_FLOOD, CLOSE_MALFORMED, CLOSE_OVERSIZE } from '../wire/messages.js';

/** Colyseus's close code for a client that left on purpose (`room.leave()`). */
export const CLOSE_CONSENTED = 4000;

/** Where a {@link RoomLink} is: sending, rejoining its seat after a drop, or done. */
export type RoomLinkState = 'open' | 'reconnecting' | 'closed';

/** Settings of a {@link RoomLink}. */
export interface RoomLinkOptions {
  /**
   * Told each change of state, with the close code that caused it (0 for `open` after a
   * reconnection): the page's status line.
   */
  onState?: (state: RoomLinkState, code: number) => void;
  /**
   * Close codes after which the link does not try to rejoin: by default a leave on purpose and
   * the wire's kicks (malformed, oversize, flood), whose seat the server freed at once.
   */
  finalCodes?: readonly number[];
}

const FINAL = [CLOSE_CONSENTED, CLOSE_MALFORMED, CLOSE_OVERSIZE, CLOSE_FLOOD];

/**
 * A {@link Link} over a colyseus.js 0.16 `Room` that outlives its room: when the connection
 * drops (not a leave, not a kick) it rejoins the seat with `client.reconnect(token)` (the server
 * keeps it for its reconnection window) and moves every handler given so far to the new room,
 * so a `NetClient` on it never notices beyond a gap its redundant inputs fill. Messages sent
 * while it is not open are dropped, as a lost packet would be.
 */
export class RoomLink implements Link {
  /** The room in use: a new one after each reconnection. */
  room: Room;
  state: RoomLinkState = 'open';
  /** Reconnections so far. */
  reconnections = 0;
  readonly #client: Client;
  readonly #handlers = new Map<number, MessageHandler>();
  readonly #final: readonly number[];
  readonly #onState: ((state: RoomLinkState, code: number) => void) | undefined;

  constructor(client: Client, room: Room, options: RoomLinkOptions = {}) {
    const final = options.finalCodes ?? FINAL;
    if (!Array.isArray(final) || final.some((code) => !Number.isInteger(code))) {
      throw new RangeError(`finalCodes must be an array of integers, got ${String(final)}`);
    }
    this.#client = client;
    this.#final = final;
    this.#onState = options.onState;
    this.room = room;
    this.#watch(room);
  }

  sendBytes(type: number, bytes: Uint8Array): void {
    if (this.state === 'open') this.room.sendBytes(type, bytes);
  }

  onMessage(type: number, handler: MessageHandler): unknown {
    this.#handlers.set(type, handler);
    return this.room.onMessage(type, handler);
  }

  /** Leaves the room on purpose (the server frees the seat at once); no reconnection follows. */
  async leave(): Promise<void> {
    if (this.state === 'closed') return;
    this.#set('closed', CLOSE_CONSENTED);
    await this.room.leave(true);
  }

  #set(state: RoomLinkState, code: number): void {
    this.state = state;
    this.#onState?.(state, code);
  }

  #watch(room: Room): void {
    room.onLeave((code) => {
      if (this.state === 'closed' || room !== this.room) return;
      if (this.#final.includes(code)) {
        this.#set('closed', code);
        return;
      }
      this.#set('reconnecting', code);
      this.#client.reconnect(room.reconnectionToken).then(
        (back) => {
          if (this.state === 'closed') {
            void back.leave(true);
            return;
          }
          this.room = back;
          for (const [type, handler] of this.#handlers) back.onMessage(type, handler);
          this.#watch(back);
          this.reconnections++;
          this.#set('open', 0);
        },
        () => this.#set('closed', code),
      );
    });
  }
}

/**
 * Joins (or creates) a room of `name` and wraps it in a {@link RoomLink}: a page's connection
 * in one call, `new NetClient(await joinLink(new Client(url), 'arena'), …)`.
 */
export async function joinLink(
  client: Client,
  name: string,
  joinOptions: Record<string, unknown> = {},
  options: RoomLinkOptions = {},
): Promise<RoomLink> {
  const room = await client.joinOrCreate(name, joinOptions);
  return new RoomLink(client, room, options);
}
