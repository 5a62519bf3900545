import type { Link } from '../link/link.js';
import { MSG_INPUT, MSG_PING } from '../wire/messages.js';
import type { Peer, PeerState } from './peer.js';
import type { RoomDriver } from './room-driver.js';
import type { Seat } from './seat.js';

/**
 * A client reached over a {@link Link} (an in-memory pair, a worker's port, any transport that
 * speaks raw bytes by type): a room served in the page, in a worker of its own, or in a test
 * with no server. It has no handshake, so it counts as joined from the start; a close or a
 * terminate ends it, and the room frees its seat right after the call that closed it.
 */
export class LinkPeer implements Peer {
  state: PeerState = 'joined';
  /** The close code and reason the room gave, once it closed this peer. */
  closed: { code: number; reason: string } | undefined;
  /** True once the room terminated it. */
  terminated = false;
  /** Called once when the room closes or terminates it. */
  onEnd: (() => void) | undefined;

  constructor(
    readonly id: string,
    readonly link: Link,
  ) {}

  send(type: number, bytes: Uint8Array): void {
    if (this.state !== 'leaving') this.link.sendBytes(type, bytes);
  }

  close(code: number, reason: string): void {
    this.closed = { code, reason };
    this.#end();
  }

  terminate(): void {
    this.terminated = true;
    this.#end();
  }

  /** A link holds nothing unsent. */
  buffered(): number {
    return 0;
  }

  #end(): void {
    if (this.state === 'leaving') return;
    this.state = 'leaving';
    this.onEnd?.();
  }
}

/**
 * Seats the client at the other end of `link` in `room` under `id`: its inputs and pings go to
 * the room, paid for and checked as any client's (`RoomDriver.message`), and the room's
 * snapshots and pongs come back over the link. When the room kicks or cuts it, its seat is
 * freed once the call that did it returns. Undefined when every seat is taken.
 */
export function serveLink<State>(
  room: RoomDriver<State>,
  link: Link,
  id: string,
): { seat: Seat; peer: LinkPeer } | undefined {
  const peer = new LinkPeer(id, link);
  const seat = room.join(peer);
  if (!seat) return undefined;
  peer.onEnd = () => queueMicrotask(() => room.free(seat));
  link.onMessage(MSG_INPUT, (bytes) => room.message(seat, MSG_INPUT, bytes));
  link.onMessage(MSG_PING, (bytes) => room.message(seat, MSG_PING, bytes));
  return { seat, peer };
}
