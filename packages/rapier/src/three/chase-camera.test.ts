import { Fog, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { ChaseCamera } from './chase-camera.js';

const START = { time: 0, dt: 1 / 60 };

/** How far the camera's line of sight misses `point`: 0 when it looks straight at it. */
function miss(chase: ChaseCamera, point: Vector3): number {
  const toPoint = point.clone().sub(chase.camera.position).normalize();
  chase.camera.updateMatrixWorld();
  return chase.camera.getWorldDirection(new Vector3()).distanceTo(toPoint);
}

describe('ChaseCamera', () => {
  it('sits above and behind the followed body in a landscape window, looking straight at it', () => {
    const chase = new ChaseCamera({ height: 7, distance: 11, sway: 0.2 });
    const positions = [9, 9, 9, 3, 2.5, -4];
    chase.follow(positions, 1, 0, START); // time 0: no sway
    expect(chase.camera.position.x).toBeCloseTo(3, 9);
    expect(chase.camera.position.y).toBeCloseTo(9.5, 9);
    expect(chase.camera.position.z).toBeCloseTo(7, 9);
    expect(miss(chase, new Vector3(3, 2.5, -4))).toBeLessThan(1e-9);
  });

  it('sways about the body with the frame’s simulated time, still looking at it', () => {
    const chase = new ChaseCamera({ height: 7, distance: 11, sway: 0.2, swayPeriod: 12 });
    // A quarter of the period: time 2.9 s plus alpha 0.5 of a 0.2 s step is 3 s, the sway's peak.
    chase.follow([0, 0, 0], 0, 0.5, { time: 2.9, dt: 0.2 });
    expect(chase.camera.position.x).toBeCloseTo(11 * Math.sin(0.2), 9);
    expect(chase.camera.position.z).toBeCloseTo(11 * Math.cos(0.2), 9);
    expect(miss(chase, new Vector3())).toBeLessThan(1e-9);
    const still = new ChaseCamera({ height: 7, distance: 11 }); // no sway by default
    still.follow([0, 0, 0], 0, 0, { time: 3, dt: 0 });
    expect(still.camera.position.x).toBe(0);
  });

  it('backs off along the same line on a narrow canvas, its fog moved back as far', () => {
    const fog = new Fog('#000', 30, 70);
    const chase = new ChaseCamera({ height: 7, distance: 11, fog });
    const range = Math.hypot(7, 11);
    expect(chase.viewRadius).toBeCloseTo(range * Math.sin((55 * Math.PI) / 360), 12);
    expect(fog.near).toBeCloseTo(30, 9); // framed at aspect 1 at once: the fog as given
    expect(fog.far).toBeCloseTo(70, 9);
    chase.frame(16 / 9);
    chase.follow([0, 0, 0], 0, 0, START);
    expect(chase.camera.position.length()).toBeCloseTo(range, 9); // landscape: as given
    chase.frame(390 / 844);
    expect(chase.camera.aspect).toBeCloseTo(390 / 844, 12);
    chase.follow([0, 0, 0], 0, 0, START);
    const upright = chase.camera.position.length();
    expect(upright).toBeGreaterThan(1.8 * range);
    expect(chase.camera.position.y / chase.camera.position.z).toBeCloseTo(7 / 11, 9);
    expect(fog.near).toBeCloseTo(30 + upright - range, 9);
    expect(fog.far).toBeCloseTo(70 + upright - range, 9);
  });

  it('refuses a place or a sway that is none, naming the option and the value', () => {
    expect(() => new ChaseCamera({ height: -1, distance: 11 })).toThrow(
      'ChaseCamera height must be a finite number >= 0, got -1',
    );
    expect(() => new ChaseCamera({ height: 7, distance: Number.NaN })).toThrow(
      'ChaseCamera distance must be a finite number >= 0, got NaN',
    );
    expect(() => new ChaseCamera({ height: 0, distance: 0 })).toThrow(RangeError);
    expect(() => new ChaseCamera({ height: 7, distance: 11, swayPeriod: 0 })).toThrow(
      'ChaseCamera swayPeriod must be above 0, got 0',
    );
  });
});
