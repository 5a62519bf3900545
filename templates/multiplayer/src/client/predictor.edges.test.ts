import { describe, expect, it } from 'vitest';
import { MAX_PLAYERS } from '../shared/arena';
import { INPUT_BYTES, writeInput } from '../shared/input';
import { MAX_INPUTS_PER_MESSAGE } from '../shared/protocol';
import { NO_SLOT } from '../shared/snapshot';
import { bits } from '../shared/test-support';
import { STRIDE, World } from '../shared/world';
import { HISTORY, Predictor, SNAP_DISTANCE } from './predictor';

/** A server world with `slot` seated, stepped to `tick`. */
function serverAt(slot: number, tick: number): World {
  const server = new World();
  if (slot < MAX_PLAYERS) server.join(slot);
  for (let i = 0; i < tick; i++) server.step();
  return server;
}

/** A predictor started from a server world with `slot` seated at `tick`, and that world. */
function seated(slot: number, tick: number) {
  const page = new Predictor();
  const server = serverAt(slot, tick);
  page.reconcile(server, slot);
  return { page, server };
}

describe('Predictor, at its edges', () => {
  it('has nothing before a snapshot, and starts from one at tick 0', () => {
    const page = new Predictor();
    expect([page.started, page.reconciled, page.slot]).toEqual([false, -1, NO_SLOT]);
    expect(page.reconcile(serverAt(1, 0), 1)).toBe(0);
    expect([page.started, page.reconciled, page.slot, page.tick]).toEqual([true, 0, 1, 0]);
  });

  it('takes its first snapshot as it is, even one behind steps taken before it', () => {
    const page = new Predictor();
    for (let i = 0; i < 3; i++) page.step(127, 0, 0);
    const server = serverAt(NO_SLOT, 1);
    expect(page.reconcile(server, NO_SLOT)).toBe(0);
    expect([page.started, page.tick]).toEqual([true, 1]);
    expect(bits(page.world)).toEqual(bits(server));
  });

  it('takes a snapshot at the tick it predicted as it is: no correction, no offset', () => {
    const { page, server } = seated(0, 10);
    page.step(127, 0, 0);
    page.step(127, 0, 0);
    server.step(); // the server never got those inputs
    server.step();
    expect(page.reconcile(server, 0)).toBe(0);
    expect([page.corrections, ...page.offset]).toEqual([0, 0, 0]);
    expect(bits(page.world)).toEqual(bits(server));
    expect(bits(page.previous)).toEqual(bits(server));
  });

  it('corrects a seat other than 0, drawn where it was and eased from there', () => {
    const { page, server } = seated(3, 10);
    for (let i = 0; i < 4; i++) page.step(127, 0, 0);
    const [oldX, oldY] = page.world.state.subarray(3 * STRIDE);
    server.step(); // tick 11 without our input: the page's prediction ran ahead of it
    const size = page.reconcile(server, 3);
    const [x, y] = page.world.state.subarray(3 * STRIDE);
    expect(size).toBeGreaterThan(0);
    expect(size).toBe(Math.hypot(oldX! - x!, oldY! - y!));
    expect([page.corrections, page.largest, page.correctionTotal]).toEqual([1, size, size]);
    expect([...page.offset]).toEqual([oldX! - x!, oldY! - y!]);
    // The world before the last step, on the corrected path: one step of our input from it is the world.
    const before = new World();
    before.copyFrom(page.previous);
    expect(before.tick).toBe(13);
    writeInput(before.inputs, 3 * INPUT_BYTES, 127, 0, 0);
    before.step();
    expect(bits(before)).toEqual(bits(page.world));
  });

  it('starts over on a new seat even while it is ahead of the snapshot', () => {
    const { page, server } = seated(2, 10);
    for (let i = 0; i < 5; i++) page.step(127, 0, 0);
    server.step();
    server.join(3);
    expect(page.reconcile(server, 3)).toBe(0);
    expect([page.slot, page.tick, page.corrections]).toEqual([3, 11, 0]);
    expect(bits(page.world)).toEqual(bits(server));
  });

  it('never corrects a spectator or a slot past the seats, whatever the crates did', () => {
    for (const slot of [NO_SLOT, MAX_PLAYERS]) {
      const { page, server } = seated(slot, 10);
      for (let i = 0; i < 3; i++) page.step(0, 0, 0);
      server.state[MAX_PLAYERS * STRIDE]! += 5; // crate 0 moved on the server alone
      server.step();
      expect(page.reconcile(server, slot)).toBe(0);
      expect([page.corrections, ...page.offset]).toEqual([0, 0, 0]);
      expect(page.world.state[MAX_PLAYERS * STRIDE]).toBe(server.state[MAX_PLAYERS * STRIDE]);
    }
  });

  it('snaps a correction past SNAP_DISTANCE, smooths one of it exactly, and keeps the largest', () => {
    const { page, server } = seated(0, 10);
    const jump = (by: number) => {
      for (let i = 0; i < 2; i++) page.step(0, 0, 0);
      server.step();
      server.state[0]! += by; // the server put our player elsewhere (at rest: it stays there)
      return page.reconcile(server, 0);
    };
    expect(jump(SNAP_DISTANCE + 12)).toBe(SNAP_DISTANCE + 12);
    expect([...page.offset]).toEqual([0, 0]);
    expect(jump(SNAP_DISTANCE)).toBe(SNAP_DISTANCE);
    expect([...page.offset]).toEqual([-SNAP_DISTANCE, 0]);
    expect([page.corrections, page.largest]).toEqual([2, SNAP_DISTANCE + 12]);
  });

  it('eases a correction in y as in x, and drops an offset under 1/64 of a unit only', () => {
    const { page, server } = seated(0, 10);
    page.step(0, 0, 0);
    page.step(0, 0, 0);
    server.step();
    server.state[0]! += 18;
    server.state[1]! -= 24;
    expect(page.reconcile(server, 0)).toBe(30);
    expect([...page.offset]).toEqual([-18, 24]);
    page.offset.set([1 / 64, -1 / 64]);
    page.smooth(0);
    expect([...page.offset]).toEqual([1 / 64, -1 / 64]);
    page.offset.set([1 / 128, -1 / 128]);
    page.smooth(0);
    expect([...page.offset]).toEqual([0, 0]);
  });

  it('lays out 16 inputs and nothing past them, zero for ticks the history no longer holds', () => {
    const page = new Predictor();
    page.reconcile(serverAt(0, 0), 0);
    for (let i = 1; i <= 3; i++) page.step(10 * i, -i, 1);
    const out = new Int8Array(MAX_INPUTS_PER_MESSAGE * INPUT_BYTES + 4).fill(99);
    page.writeRecent(out, 3 + HISTORY); // a ring later: the slots of its last ticks hold 1 to 3
    expect(out.subarray(0, -4).every((v) => v === 0)).toBe(true);
    expect([...out.subarray(-4)]).toEqual([99, 99, 99, 99]);
    page.writeRecent(out, 3);
    expect([...out.subarray(-13)]).toEqual([10, -1, 1, 20, -2, 1, 30, -3, 1, 99, 99, 99, 99]);
  });

  it('holds the input in force for a tick its history no longer has (more than HISTORY ahead)', () => {
    const { page, server } = seated(0, 0);
    const x = (t: number) => ((t * 37) % 201) - 100; // back and forth: never to a wall
    for (let t = 1; t <= HISTORY + 2; t++) page.step(x(t), 0, 0);
    server.step(); // tick 1, without our input
    page.reconcile(server, 0);
    // Tick 2's input was overwritten by tick HISTORY + 2's: the one in force (none) holds.
    const expected = new World();
    expected.copyFrom(server);
    expected.step();
    for (let t = 3; t <= HISTORY + 2; t++) {
      writeInput(expected.inputs, 0, x(t), 0, 0);
      expected.step();
    }
    expect(bits(page.world)).toEqual(bits(expected));
  });
});
