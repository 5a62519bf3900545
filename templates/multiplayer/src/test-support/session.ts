import { playSession as play, type SessionOptions } from '@loop/net/testing';
import { ArenaClient } from '../client/arena-client';
import type { ArenaRoom } from '../server/arena-room';
import { STICK_MAX } from '../shared/input';
import { STRIDE, type World } from '../shared/world';
import { startHarness } from './harness';
import { bits } from './world';

/** Settings of {@link playSession}: @loop/net's, less what the arena fills in. */
export type ArenaSessionOptions = Omit<
  SessionOptions<World, ArenaRoom, ArenaClient>,
  'harness' | 'client' | 'steer' | 'rest' | 'tickOf' | 'capture'
>;

/**
 * @loop/net/testing's playSession on the arena's real server (a fresh one, stopped after):
 * `players` ArenaClients whose seeded sticks steer everyone toward the middle (so players and
 * crates collide and predictions meet others' surprises), then every stick released. Returns
 * the clients and the server's world (its bits) at each quiet tick.
 */
export async function playSession(options: ArenaSessionOptions) {
  const harness = await startHarness();
  try {
    return await play({
      ...options,
      harness,
      client: (link, now) => new ArenaClient(link, { now }),
      steer(client, slot, world, random) {
        const x = Math.sign(640 - world.state[slot * STRIDE]!) * STICK_MAX * 0.6;
        const y = Math.sign(360 - world.state[slot * STRIDE + 1]!) * STICK_MAX * 0.6;
        const jiggle = () => (random.next() - 0.5) * 200;
        client.setInput(x + jiggle(), y + jiggle(), random.next() < 0.2 ? 1 : 0);
      },
      rest: (client) => client.setInput(0, 0, 0),
      tickOf: (world) => world.tick,
      capture: bits,
    });
  } finally {
    await harness.stop();
  }
}
