import { createLinkPair, MSG_PONG, MSG_SNAPSHOT } from '@loop/net';
import { ArenaClient, type ArenaClientOptions } from '../client/arena-client';
import { SnapshotCodec } from '../shared/snapshot';
import { World } from '../shared/world';

/**
 * Test support for ArenaClient's tests (not shipped code under test): a client at local time
 * `t.now` on one end of `@loop/net`'s in-memory link pair, a server world with seats 0 and 1,
 * and ways to send the client that world as a snapshot and to answer a ping from the other end.
 */
export function setup(options: ArenaClientOptions = {}) {
  const t = { now: 0 };
  const [clientEnd, serverEnd] = createLinkPair();
  const client = new ArenaClient(clientEnd, { now: () => t.now, ...options });
  const world = new World();
  world.join(0);
  world.join(1);
  const codec = new SnapshotCodec();
  const snapshot = (ack: number, missed: number, slot = 0) => {
    codec.encode(world);
    serverEnd.sendBytes(MSG_SNAPSHOT, codec.stamp(ack, missed, slot));
  };
  const pong = (sent: number, server: number) =>
    serverEnd.sendBytes(MSG_PONG, new Uint8Array(new Float64Array([sent, server]).buffer));
  return { t, client, world, snapshot, pong };
}
