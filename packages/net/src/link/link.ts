/**
 * The two calls a game's client needs from its connection, which a colyseus.js `Room` has, a
 * network conditioner wraps and an in-memory pair provides for tests: raw bytes out, raw bytes
 * in by message type. Everything on the page side speaks to a Link, never to a transport, so
 * the same client runs over Colyseus, a conditioner, or a test's memory.
 */
export interface Link {
  /** Sends `bytes` as a message of `type`; the caller may reuse its buffer when this returns. */
  sendBytes(type: number, bytes: Uint8Array): void;
  /** Hands every message of `type` to `handler`, from now on; the latest handler for a type wins. */
  onMessage(type: number, handler: (bytes: Uint8Array) => void): unknown;
}

/** A message handler, as {@link Link.onMessage} takes it. */
export type MessageHandler = (bytes: Uint8Array) => void;
