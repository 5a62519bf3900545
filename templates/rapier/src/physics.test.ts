import { loadRapier } from 'virtual:rapier-wasm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTROLS } from './controls';
import { DROP_BOXES } from './layout';
import { Physics } from './physics';
import { controls, DT, positions } from './physics.test-support';
import { PLAYER } from './world';

beforeAll(() => loadRapier());
afterEach(() => {
  vi.restoreAllMocks();
});

/** A physics whose ball has come to rest on the floor (no pile, so nothing else moves). */
function restingBall(): Physics {
  const physics = new Physics(0);
  for (let t = 0; t < 90; t++) physics.step(DT, controls());
  expect(Math.abs(physics.bodies[PLAYER]!.linvel().y)).toBeLessThan(0.01);
  return physics;
}

describe('Physics.step', () => {
  it('refuses controls shorter than a tick’s', () => {
    const physics = new Physics(0);
    expect(() => physics.step(DT, new Float64Array(CONTROLS - 1))).toThrow(
      new RangeError(`Physics.step: controls need ${CONTROLS} numbers`),
    );
    expect(() => physics.step(DT, new Float64Array(CONTROLS))).not.toThrow();
  });

  it('pushes the ball along the stick at 30 m/s², and not at all without it', () => {
    for (const [x, z] of [
      [1, 0],
      [0, -1],
      [0.5, 0.5],
      [0, 0],
    ] as const) {
      const physics = new Physics(0); // the ball starts in the air: no friction on the push
      physics.step(DT, controls(x, z));
      const v = physics.bodies[PLAYER]!.linvel();
      // One step's impulse: 30 m/s² for 1/60 s, less Rapier's linear damping.
      expect(v.x).toBeCloseTo(x * 30 * DT, 2);
      expect(v.z).toBeCloseTo(z * 30 * DT, 2);
      if (x === 0) expect(v.x).toBe(0);
    }
  });

  it('jumps at 7 m/s from the floor, and not in the air', () => {
    const physics = restingBall();
    physics.step(DT, controls(0, 0, { jump: 1 }));
    const up = physics.bodies[PLAYER]!.linvel().y;
    expect(up).toBeGreaterThan(6.5);
    expect(up).toBeLessThan(7);
    physics.step(DT, controls(0, 0, { jump: 1 })); // rising: no second jump
    expect(physics.bodies[PLAYER]!.linvel().y).toBeLessThan(up);
    for (let t = 0; t < 50; t++) physics.step(DT, controls());
    const falling = physics.bodies[PLAYER]!.linvel().y;
    expect(falling).toBeLessThan(-0.5);
    physics.step(DT, controls(0, 0, { jump: 1 })); // falling: no jump either
    expect(physics.bodies[PLAYER]!.linvel().y).toBeLessThan(falling);
  });

  it('counts the ball as underfoot below 0.5 m/s up or down, not at it', () => {
    for (const [vy, jumps] of [
      [0.5, false],
      [-0.5, false],
      [0.25, true],
      [-0.25, true],
    ] as const) {
      const physics = new Physics(0);
      const ball = physics.bodies[PLAYER]!;
      ball.setLinvel({ x: 0, y: vy, z: 0 }, true); // exact in 32 bits, as the step reads it
      physics.step(DT, controls(0, 0, { jump: 1 }));
      expect(ball.linvel().y > 5).toBe(jumps);
    }
  });

  it('leaves a ball at rest asleep while no control touches it, and wakes it with the stick', () => {
    const physics = restingBall();
    for (let t = 0; t < 180; t++) physics.step(DT, controls());
    const ball = physics.bodies[PLAYER]!;
    expect(ball.isSleeping()).toBe(true);
    physics.step(DT, controls());
    expect(ball.isSleeping()).toBe(true);
    physics.step(DT, controls(0, 0.5));
    expect(ball.isSleeping()).toBe(false);
  });

  it('teleports the ball above the pile at rest, and lists it as jumped for that step only', () => {
    const physics = restingBall();
    physics.step(DT, controls(1, 0));
    physics.step(DT, controls(0, 0, { teleport: 1 }));
    const ball = physics.bodies[PLAYER]!;
    expect(ball.translation().x).toBe(0);
    expect(ball.translation().z).toBe(0);
    expect(ball.translation().y).toBeCloseTo(14, 2);
    expect(Math.abs(ball.linvel().x)).toBe(0);
    expect([physics.respawnedCount, physics.respawned[0]]).toEqual([1, PLAYER]);
    physics.step(DT, controls());
    expect(physics.respawnedCount).toBe(0);
  });
});

describe('Physics.respawnFallen', () => {
  it('respawns what is below 15 m under the floor: the ball at its start, boxes above the pile', () => {
    const physics = new Physics(3);
    physics.bodies[PLAYER]!.setTranslation({ x: 30, y: -15.001, z: 2 }, true);
    const fallen = positions(physics);
    fallen[3 * 2 + 1] = -20;
    fallen[3 * 3 + 1] = -15; // not below yet
    expect(physics.respawnFallen(fallen)).toBe(2);
    expect([...physics.respawned.subarray(0, 2)]).toEqual([PLAYER, 2]);
    expect(physics.bodies[PLAYER]!.translation()).toEqual({ x: 0, y: 1, z: 9 });
    const box = physics.bodies[2]!.translation();
    expect(Math.abs(box.x)).toBeLessThanOrEqual(2);
    expect(Math.abs(box.z)).toBeLessThanOrEqual(2);
    expect(box.y).toBeGreaterThanOrEqual(14);
    expect(box.y).toBeLessThanOrEqual(18);
    expect(physics.bodies[3]!.translation().y).toBe(positions(new Physics(3))[3 * 3 + 1]);
  });

  it('looks at its own bodies only, in an array that holds more', () => {
    const physics = new Physics(2);
    const longer = new Float64Array(3 * (physics.count + 1));
    longer.set(positions(physics));
    longer[3 * physics.count + 1] = -20; // past the last body: no body of this world
    expect(physics.respawnFallen(longer)).toBe(0);
  });

  it('lands boxes over a 4 m square and 4 m of height, turned at random', () => {
    const physics = new Physics(60);
    const fallen = positions(physics).map((v, k) => (k % 3 === 1 ? -20 - k : v));
    fallen[3 * PLAYER + 1] = 1;
    expect(physics.respawnFallen(fallen)).toBe(60);
    const landed = positions(physics).subarray(3);
    const axis = (a: number) => landed.filter((_, k) => k % 3 === a);
    const [xs, ys, zs] = [axis(0), axis(1), axis(2)];
    const spread = (v: Float64Array) => Math.max(...v) - Math.min(...v);
    expect(Math.max(...xs.map(Math.abs), ...zs.map(Math.abs))).toBeLessThanOrEqual(2);
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(14);
    expect(Math.max(...ys)).toBeLessThanOrEqual(18);
    for (const v of [xs, ys, zs]) expect(spread(v)).toBeGreaterThan(3.2);
    expectRandomRotations(physics, physics.respawned.subarray(0, 60));
  });

  it('lands a box by where it fell, its index and the seed: nothing else', () => {
    const landing = (seed: number, box: number, x: number, other: number) => {
      const physics = new Physics(5, seed);
      const fallen = positions(physics);
      fallen.set([x, -30, 1], 3 * box);
      fallen[3 * (box - 1) + 1] = other; // a neighbour, fallen or not
      fallen[3 * (box + 1)] = other;
      physics.respawnFallen(fallen);
      const { x: lx, y, z } = physics.bodies[box]!.translation();
      return [lx, y, z];
    };
    const base = landing(1, 3, 2, 0.25);
    expect(landing(1, 3, 2, 0.75)).toEqual(base); // another body elsewhere: the same place
    expect(landing(1, 3, 2.5, 0.25)).not.toEqual(base); // fell elsewhere
    expect(landing(1, 2, 2, 0.25)).not.toEqual(base); // another box
    expect(landing(2, 3, 2, 0.25)).not.toEqual(base); // another seed
  });
});

/** Each body of `indices` is turned by a unit quaternion, every component taking both signs. */
function expectRandomRotations(physics: Physics, indices: ArrayLike<number>): void {
  const signs = new Set<string>();
  for (const i of Array.from(indices)) {
    const q = physics.bodies[i]!.rotation();
    expect(Math.hypot(q.x, q.y, q.z, q.w)).toBeCloseTo(1, 6);
    for (const [name, v] of Object.entries(q)) signs.add(`${name}${Math.sign(v)}`);
  }
  for (const s of ['x1', 'x-1', 'y1', 'y-1', 'z1', 'z-1', 'w1', 'w-1']) expect(signs).toContain(s);
}

describe('Physics.drop', () => {
  it.for([200, 20])(
    'lifts min(64, boxes) different boxes of %i, each in its cell and layer over the pile',
    (boxes) => {
      const physics = new Physics(boxes);
      physics.drop(positions(physics));
      const n = Math.min(64, boxes); // a 4 × 4 grid, 4 layers high
      expect(DROP_BOXES).toBe(64);
      expect(physics.respawnedCount).toBe(n);
      const lifted = [...physics.respawned.subarray(0, n)];
      expect(new Set(lifted).size).toBe(n);
      expect(lifted.every((i) => i >= 1 && i <= boxes)).toBe(true); // boxes, never the ball
      // The pile's square (16 columns 0.6 m apart) in 4 × 4 cells of 2.4 m, a layer 2 m high
      // from 5 m up: box k in cell k mod 16, half a metre clear of the cell's sides, and in
      // layer k / 16 with up to 1 m of jitter.
      for (const [k, i] of lifted.entries()) {
        const { x, y, z } = physics.bodies[i]!.translation();
        const cell = k % 16;
        const left = -4.8 + (cell % 4) * 2.4;
        const back = -4.8 + Math.floor(cell / 4) * 2.4;
        const low = 5 + Math.floor(k / 16) * 2;
        expect(x).toBeGreaterThanOrEqual(left + 0.5);
        expect(x).toBeLessThanOrEqual(left + 1.9);
        expect(z).toBeGreaterThanOrEqual(back + 0.5);
        expect(z).toBeLessThanOrEqual(back + 1.9);
        expect(y).toBeGreaterThanOrEqual(low);
        expect(y).toBeLessThanOrEqual(low + 1);
      }
      expectRandomRotations(physics, lifted);
    },
  );
});
