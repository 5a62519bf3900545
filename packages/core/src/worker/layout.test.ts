import { describe, expect, it } from 'vitest';
import { HEADER, planSlot, viewSlot } from './layout.js';

describe('planSlot', () => {
  it('lays fields out in order, each on an 8-byte boundary, with two states after the header', () => {
    const plan = planSlot({ a: 3, b: { length: 2, type: 'f64' }, c: { length: 1 } });
    expect(plan.fields).toEqual([
      { name: 'a', offset: 0, length: 3, f64: false }, // 12 bytes, padded to 16
      { name: 'b', offset: 16, length: 2, f64: true },
      { name: 'c', offset: 32, length: 1, f64: false },
    ]);
    expect(plan.stateBytes).toBe(40);
    expect(plan.slotBytes).toBe(HEADER * 8 + 80);
  });

  it('refuses what is not an object with a TypeError naming the option', () => {
    for (const bad of [null, undefined, 3, 'positions']) {
      expect(() => planSlot(bad as never)).toThrow(
        new TypeError(
          `worker loop option snapshot must be an object, got ${typeof bad === 'string' ? `"${bad}"` : String(bad)}`,
        ),
      );
    }
  });

  it('refuses a field without a whole length of at least 1, naming it', () => {
    expect(planSlot({ one: 1 }).stateBytes).toBe(8);
    for (const [spec, shown] of [
      [0, '0'],
      [1.5, '1.5'],
      [-2, '-2'],
      [{ length: 0 }, '0'],
      [null, 'undefined'],
      [{}, 'undefined'],
    ] as const) {
      expect(() => planSlot({ poses: spec as never })).toThrow(
        new RangeError(`snapshot field poses must have a whole length >= 1, got ${shown}`),
      );
    }
  });

  it("refuses a type other than 'f32' or 'f64', naming the field", () => {
    expect(planSlot({ x: { length: 1, type: 'f32' } }).fields[0]!.f64).toBe(false);
    expect(() => planSlot({ x: { length: 1, type: 'f16' as never } })).toThrow(
      new RangeError(`snapshot field x type must be 'f32' or 'f64', got "f16"`),
    );
  });

  it('refuses a layout with no field', () => {
    expect(() => planSlot({})).toThrow(
      new RangeError('worker loop option snapshot declares no field'),
    );
  });
});

describe('viewSlot', () => {
  it('sees the header and both states of the slot at its byte offset, nothing else', () => {
    const plan = planSlot({ p: 3, q: { length: 1, type: 'f64' }, r: 2 });
    const buffer = new ArrayBuffer(3 * plan.slotBytes);
    const at = plan.slotBytes; // the middle slot of three
    const view = viewSlot<{ p: number; q: { length: 1; type: 'f64' }; r: number }>(
      plan,
      buffer,
      at,
    );
    view.prev.r.set([8, 9]);
    view.curr.r.set([10, 11]);
    view.header[0] = 7;
    view.prev.p.set([1, 2, 3]);
    view.prev.q[0] = 0.1;
    view.curr.p.set([4, 5, 6]);
    view.curr.q[0] = 0.2;

    expect(view.prev.p).toBeInstanceOf(Float32Array);
    expect(view.prev.q).toBeInstanceOf(Float64Array);
    const words = new Float64Array(buffer);
    const floats = new Float32Array(buffer);
    const slot = at / 8;
    expect(words[slot]).toBe(7);
    const prev = at + HEADER * 8;
    expect([...floats.subarray(prev / 4, prev / 4 + 3)]).toEqual([1, 2, 3]);
    expect(words[(prev + 16) / 8]).toBe(0.1);
    expect([...floats.subarray((prev + 24) / 4, (prev + 24) / 4 + 2)]).toEqual([8, 9]);
    const curr = prev + plan.stateBytes;
    expect([...floats.subarray(curr / 4, curr / 4 + 3)]).toEqual([4, 5, 6]);
    expect(words[(curr + 16) / 8]).toBe(0.2);
    expect([...floats.subarray((curr + 24) / 4, (curr + 24) / 4 + 2)]).toEqual([10, 11]);
    // The first and last slots are untouched.
    expect(words.subarray(0, slot).every((w) => w === 0)).toBe(true);
    expect(words.subarray((2 * plan.slotBytes) / 8).every((w) => w === 0)).toBe(true);
  });

  it('defaults to the slot at byte 0', () => {
    const plan = planSlot({ p: 2 });
    const buffer = new ArrayBuffer(plan.slotBytes);
    viewSlot(plan, buffer).header[1] = 5;
    expect(new Float64Array(buffer)[1]).toBe(5);
  });
});
