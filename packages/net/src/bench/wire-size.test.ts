import { describe, expect, it } from 'vitest';
import { measureWire, type WireSizeGame } from './wire-size.js';

/**
 * A stand-in world: 6 entities of (x, y); players 0 to 3 walk right one unit a tick while
 * they move, crates 4 and 5 never move. Its binary snapshot is 40 bytes, always.
 */
function line(): WireSizeGame & { steps: number } {
  const x = new Int16Array(6);
  return {
    snapshotBytes: 40,
    tickRate: 30,
    ticksPerSnapshot: 3,
    fields: ['x', 'y'],
    steps: 0,
    reset() {
      x.fill(0);
      this.steps = 0;
      return 6;
    },
    step(_tick, moving) {
      for (let p = 0; p < moving; p++) x[p]! += 1;
      this.steps++;
    },
    read(e, out) {
      out[0] = x[e]!;
      out[1] = e;
    },
  };
}

describe('wire size: a game’s binary snapshot against Colyseus schema patches', () => {
  it('measures the full state and the patches at the snapshot rate, growing with what moves', () => {
    const game = line();
    const idle = measureWire(game, 0, 2);
    expect(game.steps).toBe(60); // 2 s at 30 Hz
    const one = measureWire(game, 1, 2);
    const all = measureWire(game, 4, 2);
    for (const r of [idle, one, all]) {
      expect(r.binary).toBe(40);
      expect(r.schemaFull).toBeGreaterThan(0);
      expect(r.schemaPatchMax).toBeGreaterThanOrEqual(r.schemaPatchMean);
    }
    expect([idle.moving, one.moving, all.moving]).toEqual([0, 1, 4]);
    // Idle: the tick alone changes; each mover adds its x.
    expect(idle.schemaPatchMean).toBeLessThan(one.schemaPatchMean);
    expect(one.schemaPatchMean).toBeLessThan(all.schemaPatchMean);
    expect(idle.schemaPatchMax).toBe(idle.schemaPatchMean); // every idle patch the same
  });

  it('checks moving, seconds and the snapshot spacing', () => {
    expect(() => measureWire(line(), -1)).toThrow(
      new RangeError('moving must be an integer of at least 0, got -1'),
    );
    expect(() => measureWire(line(), 1, 0.05)).toThrow(
      new RangeError('seconds must hold at least one snapshot, got 0.05'),
    );
    expect(() => measureWire({ ...line(), ticksPerSnapshot: 0 }, 1)).toThrow(
      new RangeError('ticksPerSnapshot must be an integer of at least 1, got 0'),
    );
  });
});
