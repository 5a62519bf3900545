import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEED } from '../test-support.js';
import type { SnapshotHeader } from '../wire/snapshot-frame.js';
import { Predictor } from './predictor.js';
import {
  BODY_BYTES,
  bits,
  decodeToy,
  encodeToy,
  INPUT_BYTES,
  SnapshotFrame,
  ToyWorld,
  toyModel,
  writeToyInput,
} from './test-game.js';

type Stick = [number, number, number];
const stick = fc.tuple(
  fc.integer({ min: -127, max: 127 }),
  fc.integer({ min: -127, max: 127 }),
  fc.nat(1),
) as fc.Arbitrary<Stick>;
const input = new Int8Array(INPUT_BYTES);
/** Steps `page` one tick with a stick. */
const stepWith = (page: Predictor<ToyWorld>, [x, y, b]: Stick) => {
  writeToyInput(input, 0, x, y, b);
  page.step(input);
};

interface Run {
  /** This page's input (slot 0) and another player's (slot 1), per tick while active. */
  mine: Stick[];
  theirs: Stick[];
  /** Ticks the page runs ahead of the server, and ticks a message takes each way. */
  lead: number;
  up: number;
  down: number;
  /** Ticks whose input of ours the server never gets (it holds the one before). */
  dropped: number[];
  /** Extra ticks each snapshot (by its number) is held on the way: reordering. Duplicated ones and lost ones. */
  held?: number[];
  doubled?: number[];
  lost?: number[];
}

/**
 * A server and a page, in memory, over a path `up` and `down` ticks long: the server steps with
 * the inputs that reached it, a snapshot every third tick goes through a SnapshotFrame to the
 * page, which predicts `lead` ticks ahead and reconciles. Inputs stop after the schedule, then
 * 60 quiet ticks. Returns the predictor and the server's state at every tick.
 */
function play(run: Run) {
  const server = new ToyWorld(7);
  const page = new Predictor(toyModel, { snapDistance: 48 });
  const out = new SnapshotFrame(BODY_BYTES);
  const into = new SnapshotFrame(BODY_BYTES);
  const decoded = new ToyWorld();
  const header: SnapshotHeader = { tick: 0, ack: 0, missed: 0, slot: 0 };
  const states = new Map<number, unknown>();
  const inFlight: { at: number; bytes: Uint8Array }[] = [];
  const at = (list: Stick[], t: number): Stick => list[t - 1] ?? [0, 0, 0];
  const end = run.mine.length + 60;
  for (let s = 1; s <= end; s++) {
    const sentAt = s - run.lead; // when the page stepped (and sent) tick s
    if (sentAt + run.up < s && !run.dropped.includes(s))
      writeToyInput(server.inputs, 0, ...at(run.mine, s));
    writeToyInput(server.inputs, INPUT_BYTES, ...at(run.theirs, s));
    server.step();
    states.set(server.tick, bits(server));
    const n = s / 3;
    if (s % 3 === 0 && !run.lost?.includes(n)) {
      const at = s + run.down + (run.held?.[n] ?? 0);
      const bytes = encodeToy(out, server).slice();
      inFlight.push({ at, bytes });
      if (run.doubled?.includes(n)) inFlight.push({ at: at + 1, bytes });
      inFlight.sort((a, b) => a.at - b.at);
    }
    while (inFlight[0] && inFlight[0].at <= s) {
      expect(into.read(inFlight.shift()!.bytes, header)).toBe(true);
      decodeToy(into, decoded, header.tick);
      page.reconcile(decoded, 0);
    }
    while (page.started && page.tick < s + run.lead) stepWith(page, at(run.mine, page.tick + 1));
  }
  while (server.tick < page.tick) {
    server.step(); // quiet: every input is 0 by now
    states.set(server.tick, bits(server));
  }
  return { page, states };
}

const runs = fc.record({
  mine: fc.array(stick, { minLength: 1, maxLength: 150 }),
  theirs: fc.array(stick, { maxLength: 150 }),
  lead: fc.integer({ min: 1, max: 12 }),
  up: fc.nat(12),
  down: fc.nat(12),
  dropped: fc.array(fc.nat(150), { maxLength: 10 }),
});

describe('Predictor', () => {
  it("property: after inputs stop, the prediction equals the server at the same tick, bit for bit (late, dropped and others' inputs)", () => {
    fc.assert(
      fc.property(runs, (run) => {
        const { page, states } = play(run);
        expect(bits(page.world)).toEqual(states.get(page.tick));
      }),
      { seed: SEED, numRuns: 60 },
    );
  });

  it('property: snapshots reordered, repeated and lost on the way change nothing: after inputs stop, bit for bit', () => {
    const hostile = fc.record({
      held: fc.array(fc.nat(20), { maxLength: 80 }),
      doubled: fc.array(fc.nat(70), { maxLength: 20 }),
      lost: fc.array(fc.nat(70), { maxLength: 20 }),
    });
    fc.assert(
      fc.property(runs, hostile, (run, path) => {
        const { page, states } = play({ ...run, ...path });
        expect(bits(page.world)).toEqual(states.get(page.tick));
      }),
      { seed: SEED, numRuns: 40 },
    );
  });

  it('property: alone, with every input in time, it is never corrected', () => {
    fc.assert(
      fc.property(runs, (run) => {
        const lead = Math.max(run.lead, run.up + 1);
        const { page } = play({ ...run, theirs: [], dropped: [], lead });
        expect(page.corrections).toBe(0);
      }),
      { seed: SEED, numRuns: 40 },
    );
  });

  it('is corrected when the server held an old input, and smooths a small correction away', () => {
    const mine = new Array<Stick>(90).fill([127, 0, 0]);
    mine.fill([0, 127, 0], 30);
    const { page } = play({ mine, theirs: [], lead: 4, up: 1, down: 2, dropped: [31, 32] });
    expect(page.corrections).toBeGreaterThan(0);
    const size = page.correctionTotal / page.corrections;
    expect(size).toBeGreaterThan(0);
    expect(size).toBeLessThan(48);
    expect(page.largest).toBeGreaterThanOrEqual(size);
    expect(page.largest).toBeLessThanOrEqual(page.correctionTotal);
    page.offset.set([10, -10]);
    page.smooth(page.smoothingMs);
    expect(page.offset[0]).toBeCloseTo(10 / Math.E, 9);
    page.smooth(page.smoothingMs * 20);
    expect([...page.offset]).toEqual([0, 0]);
  });

  it('lays out the last 16 inputs oldest first for the redundant message, zero where it has none', () => {
    const page = new Predictor(toyModel, { snapDistance: 48 });
    page.reconcile(Object.assign(new ToyWorld(), { tick: 100 }), 0);
    for (let i = 1; i <= 3; i++) stepWith(page, [i, -i, 1]);
    const out = new Int8Array(16 * INPUT_BYTES);
    page.writeRecent(out, 103);
    expect([...out.subarray(-9)]).toEqual([1, -1, 1, 2, -2, 1, 3, -3, 1]);
    expect(out.subarray(0, -9).every((v) => v === 0)).toBe(true);
  });

  it('ignores a snapshot older than one already reconciled, and starts over on a new seat', () => {
    const page = new Predictor(toyModel, { snapDistance: 48 });
    const server = new ToyWorld();
    for (let i = 0; i < 10; i++) server.step();
    page.reconcile(server, 2);
    stepWith(page, [100, 0, 0]);
    const ahead = bits(page.world);
    const old = new ToyWorld();
    old.tick = 5;
    expect(page.reconcile(old, 2)).toBe(0);
    expect(bits(page.world)).toEqual(ahead);
    server.step();
    page.reconcile(server, 3);
    expect([page.slot, page.tick]).toEqual([3, 11]);
    expect(bits(page.world)).toEqual(bits(server));
  });

  it('refuses settings out of range when made, naming them', () => {
    expect(() => new Predictor(toyModel, { snapDistance: 0 })).toThrow(/snapDistance.*got 0/);
    expect(() => new Predictor(toyModel, { snapDistance: 1, smoothingMs: Number.NaN })).toThrow(
      /smoothingMs.*got NaN/,
    );
    expect(() => new Predictor(toyModel, { snapDistance: 1, history: 1.5 })).toThrow(
      /history.*got 1.5/,
    );
    expect(() => new Predictor(toyModel, { snapDistance: 1, recent: 0 })).toThrow(RangeError);
    expect(() => new Predictor(toyModel, { snapDistance: 1, settle: -1 })).toThrow(
      /settle.*got -1/,
    );
  });
});
