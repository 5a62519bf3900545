import { describe, expect, it } from 'vitest';
import { Interpolated } from './interpolated.js';

describe('Interpolated', () => {
  it('blends previous and current after save()', () => {
    const p = new Interpolated(2);
    p.teleport([0, 0]);
    p.save();
    p.current[0] = 10;
    p.current[1] = -4;
    expect(Array.from(p.blend(new Float64Array(2), 0.25))).toEqual([2.5, -1]);
  });

  it('save() moves current into previous, and returns the pair', () => {
    const p = new Interpolated(2);
    p.current.set([3, 4]);
    expect(p.save()).toBe(p);
    p.current.set([5, 6]);
    expect(Array.from(p.previous)).toEqual([3, 4]);
    expect(Array.from(p.blend([0, 0], 0))).toEqual([3, 4]);
  });

  it('teleport() with no values stops the motion where current is', () => {
    const p = new Interpolated(1);
    p.save();
    p.current[0] = 8;
    expect(p.teleport()).toBe(p);
    expect(p.blend([0], 0.5)[0]).toBe(8);
    expect(Array.from(p.previous)).toEqual([8]);
  });

  it('blends angles into a longer out, leaving the rest alone', () => {
    const h = new Interpolated(1, 'angle');
    h.teleport([1]);
    h.current[0] = 2;
    expect(h.blend([0, 9], 0.5)).toEqual([1.5, 9]);
  });

  it('does not smear a teleport across frames', () => {
    const p = new Interpolated(1);
    p.save();
    p.current[0] = 1;
    p.save();
    p.teleport([500]);
    expect(p.blend([0], 0.5)[0]).toBe(500);
  });

  it('slerps orientations and wraps angles', () => {
    const q = new Interpolated(4, 'slerp');
    q.teleport([0, 0, 0, 1]);
    q.current.set([0, 0, Math.SQRT1_2, Math.SQRT1_2]);
    const out = q.blend([0, 0, 0, 0], 0.5);
    expect(2 * Math.acos(out[3]!)).toBeCloseTo(Math.PI / 4, 12);
    const h = new Interpolated(1, 'angle');
    h.teleport([Math.PI - 0.1]);
    h.current[0] = -Math.PI + 0.1;
    expect(Math.abs(h.blend([0], 0.5)[0]!)).toBeCloseTo(Math.PI, 12);
  });

  it('blends into out and returns it, for every kind', () => {
    for (const kind of ['lerp', 'slerp', 'angle'] as const) {
      const pair = new Interpolated(4, kind).teleport([0, 0, 0, 1]);
      pair.current.set([0, 0, Math.SQRT1_2, Math.SQRT1_2]);
      const out = new Float64Array(4);
      expect(pair.blend(out, 0.5), kind).toBe(out);
      expect(out[2], kind).toBeGreaterThan(0);
    }
  });

  it('checks its size and kind', () => {
    expect(() => new Interpolated(0)).toThrow(/size.*0/);
    expect(() => new Interpolated(6, 'slerp')).toThrow(/multiple of 4.*6/);
    expect(() => new Interpolated(3, 'cubic' as never)).toThrow(/kind.*cubic/);
  });
});

describe('Interpolated.teleportRange', () => {
  it('stops the motion of one body in a batch and leaves the others blending', () => {
    const bodies = new Interpolated(9); // three bodies, x y z each
    bodies.teleport([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    bodies.current.set([10, 10, 10, 20, 20, 20, 30, 30, 30]);
    expect(bodies.teleportRange(3, 6)).toBe(bodies);
    expect(Array.from(bodies.blend(new Float64Array(9), 0.5))).toEqual([
      5, 5, 5, 20, 20, 20, 15, 15, 15,
    ]);
    bodies.teleportRange(0, 0); // an empty range is allowed and changes nothing
    expect(Array.from(bodies.previous)).toEqual([0, 0, 0, 20, 20, 20, 0, 0, 0]);
    bodies.teleportRange(0, 9);
    expect(Array.from(bodies.previous)).toEqual(Array.from(bodies.current));
  });

  it('refuses a range outside the state or backwards, naming both ends', () => {
    const pair = new Interpolated(8, 'slerp');
    expect(() => pair.teleportRange(-1, 4)).toThrow(
      'teleportRange: start and end must be integers with 0 <= start <= end <= 8, got -1 and 4',
    );
    expect(() => pair.teleportRange(4, 9)).toThrow(RangeError);
    expect(() => pair.teleportRange(5, 4)).toThrow(RangeError);
    expect(() => pair.teleportRange(0.5, 4)).toThrow(RangeError);
    expect(() => pair.teleportRange(0, 3.5)).toThrow(RangeError);
    expect(() => pair.teleportRange(0, '4' as unknown as number)).toThrow('got 0 and "4"');
    expect(() => pair.teleportRange(4, 4)).not.toThrow();
    expect(() => pair.teleportRange(0, 8)).not.toThrow();
  });
});
