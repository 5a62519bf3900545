import { describe, expect, it } from 'vitest';
import { NO_SLOT } from '../wire/snapshot-frame.js';
import { Predictor } from './predictor.js';
import {
  bits,
  CRATE,
  INPUT_BYTES,
  SEATS,
  STRIDE,
  ToyWorld,
  toyModel,
  writeToyInput,
} from './test-game.js';

const SNAP_DISTANCE = 48;
const input = new Int8Array(INPUT_BYTES);
/** Steps `page` one tick with a stick. */
function stepWith(page: Predictor<ToyWorld>, x: number, y: number, b: number): void {
  writeToyInput(input, 0, x, y, b);
  page.step(input);
}

/** A server world stepped to `tick`. */
function serverAt(tick: number): ToyWorld {
  const server = new ToyWorld();
  for (let i = 0; i < tick; i++) server.step();
  return server;
}

/** A predictor started from a server world with `slot` seated at `tick`, and that world. */
function seated(slot: number, tick: number) {
  const page = new Predictor(toyModel, { snapDistance: SNAP_DISTANCE });
  const server = serverAt(tick);
  page.reconcile(server, slot);
  return { page, server };
}

describe('Predictor, at its edges', () => {
  it('has nothing before a snapshot, and starts from one at tick 0', () => {
    const page = new Predictor(toyModel, { snapDistance: SNAP_DISTANCE });
    expect([page.started, page.reconciled, page.slot]).toEqual([false, -1, NO_SLOT]);
    expect(page.draw(new Float64Array(2), 0, 0.5)).toBe(false);
    expect(page.reconcile(serverAt(0), 1)).toBe(0);
    expect([page.started, page.reconciled, page.slot, page.tick]).toEqual([true, 0, 1, 0]);
  });

  it('takes its first snapshot as it is, even one behind steps taken before it', () => {
    const page = new Predictor(toyModel, { snapDistance: SNAP_DISTANCE });
    for (let i = 0; i < 3; i++) stepWith(page, 127, 0, 0);
    const server = serverAt(1);
    expect(page.reconcile(server, NO_SLOT)).toBe(0);
    expect([page.started, page.tick]).toEqual([true, 1]);
    expect(bits(page.world)).toEqual(bits(server));
  });

  it('takes a snapshot at the tick it predicted as it is: no correction, no offset', () => {
    const { page, server } = seated(0, 10);
    stepWith(page, 127, 0, 0);
    stepWith(page, 127, 0, 0);
    server.step(); // the server never got those inputs
    server.step();
    expect(page.reconcile(server, 0)).toBe(0);
    expect([page.corrections, ...page.offset]).toEqual([0, 0, 0]);
    expect(bits(page.world)).toEqual(bits(server));
    expect(bits(page.previous)).toEqual(bits(server));
  });

  it('corrects a seat other than 0, drawn where it was and eased from there', () => {
    const { page, server } = seated(3, 10);
    for (let i = 0; i < 4; i++) stepWith(page, 127, 0, 0);
    const [oldX, oldY] = page.world.state.subarray(3 * STRIDE);
    server.step(); // tick 11 without our input: the page's prediction ran ahead of it
    const size = page.reconcile(server, 3);
    const [x, y] = page.world.state.subarray(3 * STRIDE);
    expect(size).toBeGreaterThan(0);
    expect(size).toBe(Math.hypot(oldX! - x!, oldY! - y!));
    expect([page.corrections, page.largest, page.correctionTotal]).toEqual([1, size, size]);
    expect([...page.offset]).toEqual([oldX! - x!, oldY! - y!]);
    // The world before the last step, on the corrected path: one step of our input from it is the world.
    const before = new ToyWorld();
    before.copyFrom(page.previous);
    expect(before.tick).toBe(13);
    writeToyInput(before.inputs, 3 * INPUT_BYTES, 127, 0, 0);
    before.step();
    expect(bits(before)).toEqual(bits(page.world));
    // Drawn between the two steps, plus the offset.
    const drawn = new Float64Array(3).fill(7);
    expect(page.draw(drawn, 1, 0.25)).toBe(true);
    const px = page.previous.state[3 * STRIDE]!;
    expect(drawn[1]).toBe(px + (x! - px) * 0.25 + page.offset[0]!);
    expect(drawn[0]).toBe(7);
  });

  it('starts over on a new seat even while it is ahead of the snapshot', () => {
    const { page, server } = seated(2, 10);
    for (let i = 0; i < 5; i++) stepWith(page, 127, 0, 0);
    server.step();
    expect(page.reconcile(server, 3)).toBe(0);
    expect([page.slot, page.tick, page.corrections]).toEqual([3, 11, 0]);
    expect(bits(page.world)).toEqual(bits(server));
  });

  it('never corrects a spectator or a slot past the seats, whatever the crates did', () => {
    for (const slot of [NO_SLOT, SEATS]) {
      const { page, server } = seated(slot, 10);
      for (let i = 0; i < 3; i++) stepWith(page, 0, 0, 0);
      server.state[CRATE * STRIDE]! += 5; // the crate moved on the server alone
      server.step();
      expect(page.reconcile(server, slot)).toBe(0);
      expect([page.corrections, ...page.offset]).toEqual([0, 0, 0]);
      expect(page.world.state[CRATE * STRIDE]).toBe(server.state[CRATE * STRIDE]);
      expect(page.draw(new Float64Array(2), 0, 0)).toBe(false);
    }
  });

  it('never puts a spectator’s input in force: the model’s setInput sees seated slots only', () => {
    for (const slot of [NO_SLOT, SEATS, SEATS - 1]) {
      const slots: number[] = [];
      // A game whose setInput indexes its players (it would throw for a slot with none).
      const page = new Predictor(
        {
          ...toyModel,
          setInput: (w, at, from, offset) => {
            if (at >= SEATS) throw new RangeError(`no player in slot ${at}`);
            slots.push(at);
            toyModel.setInput(w, at, from, offset);
          },
        },
        { snapDistance: SNAP_DISTANCE },
      );
      const server = serverAt(10);
      page.reconcile(server, slot);
      for (let i = 0; i < 3; i++) stepWith(page, 127, 0, 0);
      server.step();
      page.reconcile(server, slot); // replays ticks 12 and 13
      expect(page.tick).toBe(13);
      expect(slots).toEqual(slot < SEATS ? Array(5).fill(slot) : []);
    }
  });

  it('ignores a second snapshot of a tick it reconciled, whatever it says: another seat, other bits', () => {
    const { page, server } = seated(0, 10);
    for (let i = 0; i < 3; i++) stepWith(page, 127, 0, 0);
    server.step();
    page.reconcile(server, 0);
    const after = bits(page.world);
    const other = new ToyWorld(5);
    other.tick = 11; // the same tick again, its bodies elsewhere
    expect(page.reconcile(other, 0)).toBe(0);
    expect(page.reconcile(other, 2)).toBe(0);
    expect([page.slot, page.reconciled, page.corrections]).toEqual([0, 11, 1]);
    expect(bits(page.world)).toEqual(after);
  });

  it('snaps a correction past snapDistance, smooths one of it exactly, and keeps the largest', () => {
    const { page, server } = seated(0, 10);
    const jump = (by: number) => {
      for (let i = 0; i < 2; i++) stepWith(page, 0, 0, 0);
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

  it('eases a correction in y as in x, and drops an offset under the settle distance only', () => {
    const { page, server } = seated(0, 10);
    stepWith(page, 0, 0, 0);
    stepWith(page, 0, 0, 0);
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
    const page = new Predictor(toyModel, { snapDistance: SNAP_DISTANCE });
    page.reconcile(serverAt(0), 0);
    for (let i = 1; i <= 3; i++) stepWith(page, 10 * i, -i, 1);
    const out = new Int8Array(16 * INPUT_BYTES + 4).fill(99);
    page.writeRecent(out, 3 + page.history); // a ring later: the slots of its last ticks hold 1 to 3
    expect(out.subarray(0, -4).every((v) => v === 0)).toBe(true);
    expect([...out.subarray(-4)]).toEqual([99, 99, 99, 99]);
    page.writeRecent(out, 3);
    expect([...out.subarray(-13)]).toEqual([10, -1, 1, 20, -2, 1, 30, -3, 1, 99, 99, 99, 99]);
  });

  it('holds the input in force for a tick its history no longer has (more than history ahead)', () => {
    const { page, server } = seated(0, 0);
    const x = (t: number) => ((t * 37) % 201) - 100; // back and forth
    const history = page.history;
    for (let t = 1; t <= history + 2; t++) stepWith(page, x(t), 0, 0);
    server.step(); // tick 1, without our input
    page.reconcile(server, 0);
    // Tick 2's input was overwritten by tick history + 2's: the one in force (none) holds.
    const expected = new ToyWorld();
    expected.copyFrom(server);
    expected.step();
    for (let t = 3; t <= history + 2; t++) {
      writeToyInput(expected.inputs, 0, x(t), 0, 0);
      expected.step();
    }
    expect(bits(page.world)).toEqual(bits(expected));
  });
});
