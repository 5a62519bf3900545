import { measureWire as measure, type WireSizeGame, type WireSizes } from '@loop/net/bench';
import { GRID, MAX_PLAYERS, TICK_RATE } from '../shared/arena';
import { writeInput } from '../shared/input';
import { SNAPSHOT_BYTES } from '../shared/snapshot';
import { STRIDE, World } from '../shared/world';

let world = new World(1);

/**
 * The arena as @loop/net's wire-size measure sees it: every entity's position and velocity in
 * the snapshot's own units (sixteenths, Int16), every seat taken, movers steering in circles,
 * crates pushed when hit; 20 snapshots a second.
 */
export const arenaWire: WireSizeGame = {
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

/**
 * What Colyseus's own state sync would cost against this template's binary snapshot, `moving`
 * players steering for `seconds` (@loop/net/bench's measureWire over {@link arenaWire}).
 *
 * Measured (wire-size.test.ts prints it): schema patches average 5 B idle, 29 B with one
 * player moving, 196 B with all eight (265 B at most), against 228 B always; its full state is
 * 417 B. So schema patches are smaller on average, and the binary snapshot is kept for what
 * the bytes do not show: each snapshot is the whole state at a named tick, with this client's
 * acknowledged input, so a page rewinds to it bit for bit and any snapshot may be lost (the
 * conditioner drops some, as UDP would) or skipped for a slow reader.
 */
export function measureWire(moving: number, seconds = 5): WireSizes {
  return measure(arenaWire, moving, seconds);
}
