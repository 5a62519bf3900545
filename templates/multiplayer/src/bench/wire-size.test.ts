import { measureWire, type WireSizeGame } from '@loop/net/bench';
import { describe, expect, it } from 'vitest';
import { GRID, MAX_PLAYERS, TICK_RATE } from '../shared/arena';
import { writeInput } from '../shared/input';
import { SNAPSHOT_BYTES } from '../shared/snapshot';
import { STRIDE, World } from '../shared/world';

let world = new World(1);

/**
 * The arena as @loop/net/bench's measureWire sees it: every entity's position and velocity in
 * the snapshot's own units (sixteenths, Int16), every seat taken, movers steering in circles,
 * crates pushed when hit; 20 snapshots a second.
 *
 * Measured (printed below): schema patches average 5 B idle, 29 B with one player moving, 196 B
 * with all eight (265 B at most), against 228 B always; its full state is 417 B. So schema
 * patches are smaller on average, and the binary snapshot is kept for what the bytes do not
 * show: each snapshot is the whole state at a named tick, with this client's acknowledged
 * input, so a page rewinds to it bit for bit and any snapshot may be lost (the conditioner drops
 * some, as UDP would) or skipped for a slow reader.
 */
const arenaWire: WireSizeGame = {
  snapshotBytes: SNAPSHOT_BYTES,
  tickRate: TICK_RATE,
  ticksPerSnapshot: 3,
  fields: ['x', 'y', 'vx', 'vy'],
  reset() {
    world = new World(1);
    for (let p = 0; p < MAX_PLAYERS; p++) world.join(p);
    return world.state.length / STRIDE;
  },
  step(tick, moving) {
    for (let p = 0; p < moving; p++) {
      const angle = p + tick / 40;
      writeInput(world.inputs, p * 3, Math.cos(angle) * 127, Math.sin(angle) * 127, 0);
    }
    world.step();
  },
  read(e, out) {
    for (let i = 0; i < 4; i++) out[i] = world.state[e * STRIDE + i]! * GRID;
  },
};

describe('wire size: the binary snapshot against Colyseus schema patches (figures printed)', () => {
  it('measures both for 0, 1 and 8 players moving', () => {
    const rows = [0, 1, MAX_PLAYERS].map((moving) => measureWire(arenaWire, moving, 5));
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
