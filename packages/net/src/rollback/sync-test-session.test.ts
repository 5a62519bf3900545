import { describe, expect, it } from 'vitest';
import { DesyncError, type DesyncReport, describeDesync } from './desync.js';
import { SyncTestSession } from './sync-test-session.js';
import { createDotsGame, createOpaqueDots, DOT_WORDS, scriptedInput } from './test-game.js';

/** Runs `ticks` ticks of scripted inputs; returns the reports. */
function play(test: SyncTestSession, ticks: number, players: number): DesyncReport[] {
  const reports: DesyncReport[] = [];
  for (let t = 0; t < ticks; t++) {
    for (let p = 0; p < players; p++) scriptedInput(test.inputs, p * DOT_WORDS, 9, p, t);
    const report = test.update();
    if (report) reports.push(report);
  }
  return reports;
}

describe('SyncTestSession', () => {
  it('finds nothing in a deterministic game, typed-array or opaque, and steps each tick checkDistance times again', () => {
    for (const game of [createDotsGame(3), createOpaqueDots(3)]) {
      const test = new SyncTestSession({ game, players: 3, checkDistance: 4 });
      expect(play(test, 300, 3)).toEqual([]);
      expect(test.frame).toBe(300);
      expect(test.check.checks).toBe(300);
      // Ticks 1, 2 and 3 go back as far as they can (1, 2, 3 ticks), then 4 each.
      expect(test.check.resimulated).toBe(1 + 2 + 3 + 297 * 4);
      expect(test.desync).toBeNull();
    }
  });

  it('names the tick, the part, the index and both values of a Math.random() in the step', () => {
    const reports: DesyncReport[] = [];
    const test = new SyncTestSession({
      game: createDotsGame(2, { randomAt: 57 }),
      players: 2,
      checkDistance: 3,
      onDesync: (r) => reports.push(r),
    });
    play(test, 120, 2);
    // Each of the three checks that step tick 57 again draws another number.
    expect(reports.map((r) => r.tick)).toEqual([57, 57, 57]);
    const r = reports[0]!;
    expect(r).toMatchObject({
      kind: 'sync-test',
      tick: 57,
      part: 'pos',
      index: 0,
      item: 0,
      field: 0,
    });
    expect(r.itemName).toBe('player');
    expect(r.expected).not.toBe(r.actual);
    expect(r.local).not.toBe(r.remote);
    expect(test.desync).toBe(r);
    expect(describeDesync(r)).toContain('stepping tick 57 again');
    expect(describeDesync(r)).toContain('part "pos" at index 0 (player 0, field 0)');
  });

  it('names the tick and part of an iteration whose order differs between runs', () => {
    const test = new SyncTestSession({
      game: createDotsGame(4, { orderFrom: 5 }),
      players: 4,
      onDesync: () => {},
    });
    for (let t = 0; t < 200 && test.desync === null; t++) {
      for (let p = 0; p < 4; p++) test.inputs.set([p < 2 ? 1 : -1, 0, 0], p * DOT_WORDS);
      test.update();
    }
    const r = test.desync!;
    expect(r).not.toBeNull();
    expect(r.tick).toBe(5);
    expect(r.part).toBe('score');
    expect(r.index).toBeGreaterThanOrEqual(0);
    expect(Math.abs(r.expected - r.actual)).toBe(1);
  });

  it('in an opaque game, names the captured part (the body) or the game checksum', () => {
    const reports: DesyncReport[] = [];
    const test = new SyncTestSession({
      game: createOpaqueDots(2, { randomAt: 30 }),
      players: 2,
      onDesync: (r) => reports.push(r),
    });
    play(test, 60, 2);
    expect(reports[0]).toMatchObject({ tick: 30, part: 'poses', index: 0, itemName: 'body' });
  });

  it('throws a DesyncError when no onDesync is given', () => {
    const test = new SyncTestSession({ game: createDotsGame(2, { randomAt: 5 }), players: 2 });
    expect(() => play(test, 10, 2)).toThrow(DesyncError);
    expect(() => play(test, 10, 2)).toThrow(/tick \d+ again/);
  });

  it('checks its options', () => {
    const game = createDotsGame(2);
    expect(() => new SyncTestSession({ game, players: 9 })).toThrow(
      'players must be an integer from 1 to 8, got 9',
    );
    expect(() => new SyncTestSession({ game, players: 2, checkDistance: 0 })).toThrow(
      'checkDistance must be an integer from 1 to 24, got 0',
    );
    expect(() => new SyncTestSession({ game: { ...game, inputWords: 0 }, players: 2 })).toThrow(
      'inputWords must be an integer from 1 to 64, got 0',
    );
  });
});
