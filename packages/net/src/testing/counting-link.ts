import type { Link } from '../link/link.js';

/**
 * A {@link Link} that counts the messages of each type passing it, both ways: how a test that
 * drives time knows none is still in flight (every input sent has reached the room, every
 * snapshot the room sent has reached the client) before it steps again.
 */
export class CountingLink implements Link {
  /** Messages sent, by type. */
  readonly out = new Map<number, number>();
  /** Messages handed to a handler, by type. */
  readonly in = new Map<number, number>();

  constructor(readonly link: Link) {}

  sendBytes(type: number, bytes: Uint8Array): void {
    this.out.set(type, this.sent(type) + 1);
    this.link.sendBytes(type, bytes);
  }

  onMessage(type: number, handler: (bytes: Uint8Array) => void): unknown {
    return this.link.onMessage(type, (bytes: Uint8Array) => {
      this.in.set(type, this.received(type) + 1);
      handler(bytes);
    });
  }

  /** Messages of `type` sent so far. */
  sent(type: number): number {
    return this.out.get(type) ?? 0;
  }

  /** Messages of `type` received so far. */
  received(type: number): number {
    return this.in.get(type) ?? 0;
  }
}
