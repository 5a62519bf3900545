/**
 * A client's connection as the room side sees it, whatever carries it: Colyseus's client
 * (`@loop/net/colyseus` wraps one), an in-memory link in a test, any other transport. The
 * transport-free room ({@link RoomDriver}) only sends bytes, closes, and reads how much is
 * unsent, so it runs and is tested with no server at all.
 */
export interface Peer {
  /** The connection's id (Colyseus's sessionId): the log names a client by it. */
  readonly id: string;
  /**
   * `joining` until the client acknowledges its join (it is sent nothing before), `joined`
   * after, `leaving` once its connection dropped or closed.
   */
  readonly state: PeerState;
  /** Sends one message of `type` with `bytes` as its payload. */
  send(type: number, bytes: Uint8Array): void;
  /** Closes the connection with a close code and a reason (already cut to fit a close frame). */
  close(code: number, reason: string): void;
  /** Ends the connection at once, with no close handshake (a client that stopped reading). */
  terminate(): void;
  /** Bytes written to the connection and not yet taken by it (0 where the transport cannot say). */
  buffered(): number;
}

/** Where a {@link Peer} is in its join: see {@link Peer.state}. */
export type PeerState = 'joining' | 'joined' | 'leaving';
