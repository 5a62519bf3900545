import { lerp } from '@loop/core';
import { describe, expect, it } from 'vitest';
import { MAX_PLAYERS, TIMESTEP_MS } from '../shared/arena';
import { STRIDE } from '../shared/world';
import { setup } from '../test-support/link';
import { DRAWN_STRIDE } from './arena-client';

/** The arena's drawing over `@loop/net`'s NetClient (whose own tests are in the package). */
describe('ArenaClient.draw', () => {
  it('draws others interpolated at server time − delay, itself at its prediction, and each without its technique when off', () => {
    const { t, client, world, snapshot, pong } = setup();
    pong(0, 0);
    const x1 = () => world.state[4]!; // seat 1's x
    const seen: number[] = [];
    for (let s = 0; s < 4; s++) {
      if (s === 2) world.join(2); // between the snapshots drawn: never slid in from 0, 0
      for (let i = 0; i < 3; i++) {
        world.inputs[3] = 127; // seat 1 runs right
        world.step();
      }
      seen.push(x1());
      snapshot(-1, 0);
    }
    t.now = 12 * TIMESTEP_MS + client.delay.current / 4; // render time 125: between snapshots 2 and 3
    client.setInput(127, 0, 0);
    client.update();
    client.draw();
    expect(client.sampled).toBe('blend');
    const drawn = client.drawn[DRAWN_STRIDE]!;
    expect(drawn).toBeGreaterThan(seen[1]!);
    expect(drawn).toBeLessThan(seen[2]!);
    expect(drawn).toBe(lerp(seen[1]!, seen[2]!, client.buffer.t));
    expect([...client.drawn.subarray(2 * DRAWN_STRIDE, 3 * DRAWN_STRIDE)]).toEqual([
      world.state[8],
      world.state[9],
      1,
    ]);
    const p = client.predictor;
    const f = client.targetTime(t.now);
    expect(p.world.state[0]).toBeGreaterThan(p.previous.state[0]!);
    expect(client.drawn[0]).toBe(lerp(p.previous.state[0]!, p.world.state[0]!, f - Math.floor(f)));
    client.interpolate = false;
    client.predict = false;
    client.draw();
    expect(client.drawn[DRAWN_STRIDE]).toBe(seen[3]);
    expect(client.drawn[0]).toBe(world.state[0]);
  });

  it('draws nothing before the clock is synced, snapshots or not', () => {
    const { client, snapshot } = setup();
    snapshot(-1, 0);
    expect(client.draw()).toBe('empty');
    expect(client.drawn.every((v) => v === 0)).toBe(true);
  });

  it('draws every crate, blends a seat that stays while another joins, and its own seat at its prediction plus the offset', () => {
    const { t, client, world, snapshot, pong } = setup();
    world.join(3);
    pong(0, 0);
    const seen: number[] = [];
    for (let s = 0; s < 4; s++) {
      if (s === 3) world.join(2);
      for (let i = 0; i < 3; i++) {
        world.inputs[3 * 3] = 127; // seat 3 runs right
        world.step();
      }
      seen.push(world.state[3 * STRIDE]!);
      snapshot(-1, 0, 2);
    }
    // Render time 155 ms, between snapshots 3 and 4; the prediction 30 % past its last step.
    t.now = 12 * TIMESTEP_MS + client.delay.current / 2 + 5;
    client.setInput(0, 127, 0);
    client.update();
    client.predictor.offset.set([5, -3]);
    client.draw();
    expect(client.sampled).toBe('blend');
    expect(client.drawn[3 * DRAWN_STRIDE]).toBe(lerp(seen[2]!, seen[3]!, client.buffer.t));
    expect(client.counts.starved).toBe(0); // a blend is not starved
    const y1 = client.buffer.older[DRAWN_STRIDE + 1]!; // seat 1 stands still
    expect(client.drawn[DRAWN_STRIDE + 1]).toBe(y1);
    for (let e = MAX_PLAYERS; e < MAX_PLAYERS + 16; e++) expect(client.drawn[e * 3 + 2]).toBe(1);
    const p = client.predictor;
    const f = client.targetTime(t.now) % 1;
    const s = 2 * STRIDE;
    expect(p.slot).toBe(2);
    expect(f).toBeGreaterThan(0.2);
    expect(p.world.state[s + 1]).not.toBe(p.previous.state[s + 1]); // moving down
    expect([...client.drawn.subarray(2 * DRAWN_STRIDE, 3 * DRAWN_STRIDE)]).toEqual([
      lerp(p.previous.state[s]!, p.world.state[s]!, f) + 5,
      lerp(p.previous.state[s + 1]!, p.world.state[s + 1]!, f) - 3,
      1,
    ]);
  });
});
