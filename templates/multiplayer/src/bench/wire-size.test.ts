import { describe, expect, it } from 'vitest';
import { MAX_PLAYERS } from '../shared/arena';
import { measureWire } from './wire-size';

describe('wire size: the binary snapshot against Colyseus schema patches (figures printed)', () => {
  it('measures both for 0, 1 and 8 players moving', () => {
    const rows = [0, 1, MAX_PLAYERS].map((moving) => measureWire(moving));
    for (const r of rows) {
      expect(r.binary).toBe(228);
      expect(r.schemaFull).toBeGreaterThan(0);
      expect(r.schemaPatchMax).toBeGreaterThanOrEqual(r.schemaPatchMean);
      console.log(
        `${r.moving} moving: binary ${r.binary} B every snapshot; schema full ${r.schemaFull} B, patches mean ${r.schemaPatchMean.toFixed(0)} B, max ${r.schemaPatchMax} B`,
      );
    }
    // Patches grow with what moves: an idle arena costs less than a busy one.
    expect(rows[0]!.schemaPatchMean).toBeLessThan(rows[2]!.schemaPatchMean);
  });
});
