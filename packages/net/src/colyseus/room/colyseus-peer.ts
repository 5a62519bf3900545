import { type Client, ClientState } from '@colyseus/core';
import type { Peer, PeerState } from '../../server/peer.js';

/**
 * A Colyseus 0.16 client as the transport-free room sees it (`@loop/net/server`'s {@link Peer}):
 * its sessionId, its join state, `sendBytes`, `leave` with a close code, and the `ws` socket
 * under it for what only the socket can do (terminate, bufferedAmount). After a reconnection the
 * room points it at the new client.
 */
export class ColyseusPeer implements Peer {
  constructor(public client: Client) {}

  get id(): string {
    return this.client.sessionId;
  }

  get state(): PeerState {
    const state = this.client.state;
    if (state === ClientState.JOINED) return 'joined';
    return state === ClientState.JOINING ? 'joining' : 'leaving';
  }

  send(type: number, bytes: Uint8Array): void {
    this.client.sendBytes(type, bytes);
  }

  close(code: number, reason: string): void {
    this.client.leave(code, reason);
  }

  /** Ends the connection at once, with no close handshake: `ws`'s terminate(). */
  terminate(): void {
    (this.client.ref as unknown as { terminate(): void }).terminate();
  }

  /** Bytes waiting in the connection: `ws`'s bufferedAmount where the transport has one. */
  buffered(): number {
    return buffered(this.client.ref);
  }
}

/** Bytes waiting in a connection: `ws`'s bufferedAmount where the transport has one, else 0. */
export function buffered(ref: unknown): number {
  const amount = (ref as { bufferedAmount?: unknown } | undefined)?.bufferedAmount;
  return typeof amount === 'number' ? amount : 0;
}
