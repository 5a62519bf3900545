import type { Link, MessageHandler } from './link.js';

/**
 * One end of an in-memory pair ({@link createLinkPair}): what it sends is handed at once to the
 * other end's handler for that type, as a view of the sender's bytes valid during the call (a
 * receiver that keeps a message copies it, as from any transport that reuses its buffers).
 */
export class MemoryLink implements Link {
  /** The other end; set by {@link createLinkPair}. */
  peer: MemoryLink | undefined;
  /** Messages sent and received, and received with no handler for their type. */
  readonly counts = { sent: 0, received: 0, unhandled: 0 };
  readonly #handlers = new Map<number, MessageHandler>();

  sendBytes(type: number, bytes: Uint8Array): void {
    this.counts.sent++;
    this.peer?.receive(type, bytes);
  }

  onMessage(type: number, handler: MessageHandler): () => void {
    this.#handlers.set(type, handler);
    return () => {
      if (this.#handlers.get(type) === handler) this.#handlers.delete(type);
    };
  }

  /** Hands `bytes` to this end's handler for `type`, as if the peer had sent it. */
  receive(type: number, bytes: Uint8Array): void {
    this.counts.received++;
    const handler = this.#handlers.get(type);
    if (handler) handler(bytes);
    else this.counts.unhandled++;
  }
}

/**
 * Two {@link MemoryLink}s joined to each other: a client and a server end with no transport, for
 * tests (put a conditioner on either end for a bad network) and for a game that runs its
 * server in the page or in a worker of its own.
 */
export function createLinkPair(): [MemoryLink, MemoryLink] {
  const a = new MemoryLink();
  const b = new MemoryLink();
  a.peer = b;
  b.peer = a;
  return [a, b];
}
