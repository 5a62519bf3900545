import { loadRapier } from 'virtual:rapier-wasm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Physics } from './physics';
import { controls, DT, positions } from './physics.test-support';
import { PLAYER } from './world';

beforeAll(() => loadRapier());

describe('the world', () => {
  it('stacks the pile in columns 0.6 m apart about the middle, layers 2 mm apart', () => {
    const physics = new Physics(300);
    const at = (i: number) => physics.bodies[1 + i]!.translation();
    expect(at(0)).toEqual({ x: -4.5, y: 0.25, z: -4.5 });
    expect(at(1).x).toBeCloseTo(-3.9, 6);
    expect(at(15)).toMatchObject({ z: -4.5, y: 0.25 });
    expect(at(15).x).toBeCloseTo(4.5, 6);
    expect(at(16).x).toBeCloseTo(-4.5, 6);
    expect(at(16).z).toBeCloseTo(-3.9, 6);
    expect(at(255).z).toBeCloseTo(4.5, 6);
    expect(at(256).x).toBeCloseTo(-4.5, 6);
    expect(at(256).y).toBeCloseTo(0.25 + 0.502, 6);
  });

  it('keeps a fast ball from passing through the floor (continuous collision detection)', () => {
    const physics = new Physics(0);
    const ball = physics.bodies[PLAYER]!;
    ball.setTranslation({ x: 0, y: 2, z: 0 }, true);
    ball.setLinvel({ x: 0, y: -300, z: 0 }, true);
    for (let t = 0; t < 10; t++) physics.step(DT, controls());
    expect(ball.translation().y).toBeGreaterThan(0);
  });
});

describe('Physics.drop, drawn from the state', () => {
  it('takes which boxes, and where in their cells, from the state: all of the room in a cell', () => {
    const physics = new Physics(200);
    const before = positions(physics);
    physics.drop(before);
    const first = [...physics.respawned.subarray(0, 64)];
    // Where in its cell and layer each box went: spread over the 1.4 m and 1 m of room.
    const offsets: number[][] = [[], [], []];
    for (const [k, i] of first.entries()) {
      const { x, y, z } = physics.bodies[i]!.translation();
      const cell = k % 16;
      offsets[0]!.push(x - (-4.8 + (cell % 4) * 2.4 + 0.5));
      offsets[1]!.push(y - (5 + Math.floor(k / 16) * 2));
      offsets[2]!.push(z - (-4.8 + Math.floor(cell / 4) * 2.4 + 0.5));
    }
    const spread = (v: number[]) => Math.max(...v) - Math.min(...v);
    expect(spread(offsets[0]!)).toBeGreaterThan(1);
    expect(spread(offsets[1]!)).toBeGreaterThan(0.7);
    expect(spread(offsets[2]!)).toBeGreaterThan(1);
    // Other states, other boxes: not always the same one first.
    const starts = new Set<number>([first[0]!]);
    for (let shift = 1; shift < 6; shift++) {
      const other = new Physics(200);
      other.drop(before.map((v) => v + shift));
      starts.add(other.respawned[0]!);
    }
    expect(starts.size).toBeGreaterThan(3);
  });

  it('lists every body that jumped in one step: all fallen, the ball teleported and a drop', () => {
    const physics = new Physics(64);
    physics.step(DT, controls(0, 0, { teleport: 1 }));
    physics.respawnFallen(new Float64Array(3 * physics.count).fill(-20));
    physics.drop(positions(physics));
    expect(physics.respawnedCount).toBe(1 + 65 + 64);
    const listed = [...physics.respawned.subarray(0, physics.respawnedCount)];
    expect(listed.length).toBe(130);
    expect(listed.slice(-64).every((i) => i >= 1 && i <= 64)).toBe(true);
  });
});
