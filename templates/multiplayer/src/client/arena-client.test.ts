import { lerp } from '@loop/core';
import { LEAD_HOLD_MS, MIN_LEAD } from '@loop/net';
import { describe, expect, it } from 'vitest';
import { TIMESTEP_MS } from '../shared/arena';
import { MSG_INPUT, MSG_PING, MSG_PONG, readUint32 } from '../shared/protocol';
import { DRAWN_STRIDE } from './arena-client';
import { setup } from './test-link';

describe('ArenaClient', () => {
  it('pings every 250 ms and takes well-formed pongs only', () => {
    const { t, link, client, pong } = setup();
    client.update();
    t.now = 200;
    client.update();
    t.now = 250;
    client.update();
    expect(link.of(MSG_PING).map((b) => new Float64Array(b.buffer)[0])).toEqual([0, 250]);
    link.deliver(MSG_PONG, new Uint8Array(8));
    expect(client.clock.synced).toBe(false);
    pong(250, 750);
    expect([client.clock.offset, client.counts.pongs]).toEqual([500, 1]);
  });

  it('predicts to the tick an input sent now reaches the server before, plus the lead, and sends its inputs redundantly', () => {
    const { t, link, client, world, snapshot, pong } = setup();
    for (let i = 0; i < 30; i++) world.step();
    snapshot(-1, 0);
    pong(0, 500);
    client.setInput(100, 0, 0);
    expect(client.update()).toBe(MIN_LEAD); // server time 500 ms is tick 30
    t.now = 60;
    // Server time 560 ms is tick 33.6: the prediction reaches 33 + the lead.
    expect(client.update()).toBe(3);
    expect(client.predictor.tick).toBe(33 + MIN_LEAD);
    const messages = link.of(MSG_INPUT);
    expect(messages.map((m) => [readUint32(m, 0), m[4]])).toEqual([
      [32, 16],
      [35, 16],
    ]);
    expect([...messages[1]!.subarray(5, 14)]).toEqual([100, 0, 0, 100, 0, 0, 100, 0, 0]);
    // Newest first, 3 bytes each: tick 31 is the fifth input; tick 30 (the snapshot's) has none.
    expect([...messages[1]!.subarray(5 + 3 * 4, 5 + 3 * 6)]).toEqual([100, 0, 0, 0, 0, 0]);
  });

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

  it('grows the lead by a tick when the server missed an input after ours arrived, and gives it back after 10 s', () => {
    const { t, client, world, snapshot, pong } = setup();
    pong(0, 0);
    snapshot(-1, 4); // misses before our first input are not the lead's
    world.step();
    snapshot(1, 4);
    expect(client.lead).toBe(MIN_LEAD);
    world.step();
    snapshot(2, 6);
    expect([client.lead, client.counts.serverMissed]).toEqual([MIN_LEAD + 1, 2]);
    t.now = LEAD_HOLD_MS + 1;
    world.step();
    snapshot(3, 6);
    expect(client.lead).toBe(MIN_LEAD);
  });
});
