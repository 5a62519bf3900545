import type { Link } from '@loop/net';
import { MSG_PONG, MSG_SNAPSHOT } from '@loop/net';
import { SnapshotCodec } from '../shared/snapshot';
import { World } from '../shared/world';
import { ArenaClient, type ArenaClientOptions } from './arena-client';

/**
 * Test support for ArenaClient's tests (not shipped code under test): a link in memory that
 * records what the client sent and hands it messages, so a test plays the server by hand.
 */
export class FakeLink implements Link {
  readonly sent: [number, Uint8Array][] = [];
  readonly #handlers = new Map<number, (bytes: Uint8Array) => void>();
  sendBytes(type: number, bytes: Uint8Array): void {
    this.sent.push([type, bytes.slice()]);
  }
  onMessage(type: number, handler: (bytes: Uint8Array) => void): void {
    this.#handlers.set(type, handler);
  }
  deliver(type: number, bytes: Uint8Array): void {
    this.#handlers.get(type)!(bytes);
  }
  of(type: number): Uint8Array[] {
    return this.sent.filter(([t]) => t === type).map(([, b]) => b);
  }
}

/**
 * A client at local time `t.now` on a {@link FakeLink}, a server world with seats 0 and 1, and
 * ways to send the client that world as a snapshot and to answer a ping: what every
 * ArenaClient test starts from.
 */
export function setup(options: ArenaClientOptions = {}) {
  const t = { now: 0 };
  const link = new FakeLink();
  const client = new ArenaClient(link, { now: () => t.now, ...options });
  const world = new World();
  world.join(0);
  world.join(1);
  const codec = new SnapshotCodec();
  const snapshot = (ack: number, missed: number, slot = 0) => {
    codec.encode(world);
    link.deliver(MSG_SNAPSHOT, codec.stamp(ack, missed, slot).slice());
  };
  const pong = (sent: number, server: number) =>
    link.deliver(MSG_PONG, new Uint8Array(new Float64Array([sent, server]).buffer));
  return { t, link, client, world, snapshot, pong };
}
