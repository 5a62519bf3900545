import { lerp } from '@loop/core';
import { LEAD_HOLD_MS, MIN_LEAD } from '@loop/net';
import { describe, expect, it } from 'vitest';
import { MAX_PLAYERS, TIMESTEP_MS } from '../shared/arena';
import { MSG_INPUT, MSG_PING, MSG_SNAPSHOT } from '../shared/protocol';
import { SnapshotCodec } from '../shared/snapshot';
import { STRIDE } from '../shared/world';
import { ArenaClient, DRAWN_STRIDE } from './arena-client';
import { FakeLink, setup } from './test-link';

describe('ArenaClient, at its edges', () => {
  it('starts with nothing acknowledged or sampled, and stamps pings with the real clock by default', () => {
    const link = new FakeLink();
    const client = new ArenaClient(link);
    expect([client.ack, client.sampled, client.lead]).toEqual([-1, 'empty', MIN_LEAD]);
    const before = performance.now();
    client.update();
    const stamp = new Float64Array(link.of(MSG_PING)[0]!.buffer)[0]!;
    expect(stamp).toBeGreaterThanOrEqual(before);
    expect(stamp).toBeLessThanOrEqual(performance.now());
  });

  it('aims half a round trip past the server time, plus the lead', () => {
    const { t, client, pong } = setup();
    t.now = 100;
    pong(0, 1000); // a 100 ms round trip: the server answered at local 50, so 950 ms ahead
    expect(client.clock.offset).toBe(950);
    // At local 200: server time 1150, an input arrives at 1200 ms, tick 72.
    expect(client.targetTime(200)).toBe(72 + MIN_LEAD);
  });

  it('steps nothing without both a clock and a snapshot, at most maxSteps a frame, and sends nothing for a frame without steps', () => {
    const clockOnly = setup({ maxSteps: 3 });
    clockOnly.pong(0, 500);
    expect(clockOnly.client.update()).toBe(0);
    const snapshotOnly = setup({ maxSteps: 3 });
    snapshotOnly.snapshot(-1, 0);
    expect(snapshotOnly.client.update()).toBe(0);
    expect([...clockOnly.link.of(MSG_INPUT), ...snapshotOnly.link.of(MSG_INPUT)]).toEqual([]);
    const { client, link, snapshot, pong } = setup({ maxSteps: 3 });
    snapshot(-1, 0);
    pong(0, 500); // tick 30 + the lead from tick 0: 32 steps to go, 3 a frame
    expect([client.update(), client.update()]).toEqual([3, 3]);
    expect(client.predictor.tick).toBe(6);
    for (let i = 0; i < 20; i++) client.update();
    expect(client.predictor.tick).toBe(30 + MIN_LEAD);
    const sent = link.of(MSG_INPUT).length;
    expect(client.update()).toBe(0);
    expect(link.of(MSG_INPUT)).toHaveLength(sent);
    expect(client.counts.inputMessages).toBe(sent);
  });

  it('sends every input the server has not acknowledged, and keeps the newest acknowledgement', () => {
    const { t, link, client, world, snapshot, pong } = setup();
    for (let i = 0; i < 30; i++) world.step();
    snapshot(-1, 0);
    pong(0, 500);
    client.update(); // to tick 32
    snapshot(31, 0); // the server has tick 31's input
    t.now = 50; // tick 33 + the lead
    client.update();
    const last = link.of(MSG_INPUT).at(-1)!;
    expect([last[4], client.ack]).toEqual([35 - 31, 31]);
    snapshot(20, 0); // a late one
    expect(client.ack).toBe(31);
    expect(client.counts.snapshots).toBe(3);
  });

  it('counts a repeated snapshot but buffers it once', () => {
    const { client, snapshot } = setup();
    snapshot(-1, 0);
    snapshot(-1, 0);
    expect([client.counts.snapshots, client.delay.received]).toEqual([2, 1]);
  });

  it('counts misses from the first acknowledged input on (tick 0 too), raising the lead once a round trip', () => {
    const { client, world, snapshot } = setup();
    snapshot(0, 0);
    world.step();
    const raisedAt = client.predictor.tick; // the prediction's tick when the lead goes up
    snapshot(0, 3);
    expect([client.lead, client.counts.serverMissed]).toEqual([MIN_LEAD + 1, 3]);
    world.step();
    snapshot(raisedAt, 5); // misses of the old lead: an input sent since has not come back
    expect([client.lead, client.counts.serverMissed]).toEqual([MIN_LEAD + 1, 5]);
    world.step();
    snapshot(raisedAt + 1, 6);
    expect(client.lead).toBe(MIN_LEAD + 2);
  });

  it('counts no misses before the server acknowledged an input of ours', () => {
    const { client, world, snapshot } = setup();
    snapshot(-1, 0);
    world.step();
    snapshot(-1, 2);
    expect([client.lead, client.counts.serverMissed]).toEqual([MIN_LEAD, 0]);
  });

  it('ignores and counts a snapshot older than the newest it has: no misses, no lead, no rewind', () => {
    const { client, world, link, snapshot } = setup();
    const codec = new SnapshotCodec();
    codec.encode(world);
    const older = codec.stamp(0, 1, 0).slice(); // tick 0, one miss
    world.step();
    world.step();
    snapshot(1, 2); // tick 2, two misses: the first to arrive
    const before = [client.lead, client.counts.serverMissed, client.latest.tick, client.ack];
    link.deliver(MSG_SNAPSHOT, older); // overtaken on the way
    expect([client.lead, client.counts.serverMissed, client.latest.tick, client.ack]).toEqual(
      before,
    );
    expect([client.counts.stale, client.counts.snapshots, client.delay.received]).toEqual([
      1, 1, 1,
    ]);
    world.step();
    snapshot(1, 3); // the next newer one counts its one new miss, not 65 535
    expect([client.counts.serverMissed, client.lead]).toEqual([1, MIN_LEAD + 1]);
  });

  it('counts misses across the wire counter wrapping at 65 536', () => {
    const { client, world, snapshot } = setup();
    snapshot(0, 0xfffe);
    world.step();
    snapshot(0, 0x10001); // stamped as 1: three more misses
    expect(client.counts.serverMissed).toBe(3);
  });

  it('gives a tick of lead back only after LEAD_HOLD_MS without misses, and never below MIN_LEAD', () => {
    const { t, client, world, snapshot } = setup();
    t.now = 1000;
    snapshot(1, 0);
    world.step();
    snapshot(1, 2); // raised at 1000
    expect(client.lead).toBe(MIN_LEAD + 1);
    t.now = 1000 + LEAD_HOLD_MS;
    world.step();
    snapshot(2, 2);
    expect(client.lead).toBe(MIN_LEAD + 1);
    t.now += 1;
    world.step();
    snapshot(3, 2);
    expect(client.lead).toBe(MIN_LEAD);
    t.now += 10 * LEAD_HOLD_MS;
    world.step();
    snapshot(4, 2);
    expect(client.lead).toBe(MIN_LEAD);
  });
});

describe('ArenaClient.draw, at its edges', () => {
  it('draws nothing before the clock is synced, snapshots or not', () => {
    const { client, snapshot } = setup();
    snapshot(-1, 0);
    expect(client.draw()).toBe('empty');
    expect(client.drawn.every((v) => v === 0)).toBe(true);
  });

  it('counts a starved draw only while interpolating, and never moves the render time back', () => {
    const { t, client, snapshot, pong } = setup();
    pong(0, 0);
    snapshot(-1, 0);
    t.now = 5000; // far past the only snapshot
    expect([client.draw(), client.draw()]).toEqual(['starved', 'starved']);
    expect(client.counts.starved).toBe(2);
    const renderTime = client.renderTime;
    t.now = 4000;
    client.draw();
    expect(client.renderTime).toBe(renderTime);
    client.interpolate = false;
    client.draw();
    expect(client.counts.starved).toBe(3);
  });

  it('moves the interpolation delay by 10 % of the time between draws', () => {
    const { t, client, world, snapshot, pong } = setup();
    pong(0, 0);
    for (const ticks of [3, 3, 9]) {
      for (let i = 0; i < ticks; i++) world.step();
      t.now += ticks * TIMESTEP_MS;
      snapshot(-1, 0); // the third after a gap of two: the delay heads up
    }
    expect(client.delay.target).toBeGreaterThan(client.delay.current + 10);
    client.draw(1000);
    client.draw(1100);
    expect(client.delay.current).toBe(100 + 10);
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
