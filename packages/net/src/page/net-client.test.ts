import { describe, expect, it } from 'vitest';
import { readUint32 } from '../wire/bytes.js';
import { MSG_INPUT, MSG_PING, MSG_PONG, MSG_SNAPSHOT } from '../wire/messages.js';
import { LEAD_HOLD_MS, MIN_LEAD } from './input-lead.js';
import { NetClient } from './net-client.js';
import { FakeLink, setup, toyClientOptions, toyWire } from './test-client.js';
import { encodeToy } from './test-game.js';

describe('NetClient', () => {
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
    const { t, link, client, world, snapshot, pong, setInput } = setup();
    for (let i = 0; i < 30; i++) world.step();
    snapshot(-1, 0);
    pong(0, 500);
    setInput(100, 0, 0);
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

  it('starts with nothing acknowledged or sampled, and stamps pings with the real clock by default', () => {
    const link = new FakeLink();
    const client = new NetClient(link, toyClientOptions());
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
    const { client, world, link, snapshot, frame } = setup();
    encodeToy(frame, world);
    const older = frame.stamp(0, 1, 0).slice(); // tick 0, one miss
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

describe('NetClient.draw', () => {
  it('draws nothing before the clock is synced, snapshots or not', () => {
    const { client, snapshot } = setup();
    snapshot(-1, 0);
    expect(client.draw()).toBe('empty');
    expect([client.sampled, client.renderTime]).toEqual(['empty', Number.NEGATIVE_INFINITY]);
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
      t.now += ticks * toyWire.timestepMs;
      snapshot(-1, 0); // the third after a gap of two: the delay heads up
    }
    expect(client.delay.target).toBeGreaterThan(client.delay.current + 10);
    client.draw(1000);
    client.draw(1100);
    expect(client.delay.current).toBe(100 + 10);
  });
});
