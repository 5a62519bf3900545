import { InputSnapshot } from '@loop/core/dom';
import { describe, expect, it } from 'vitest';
import { Controls, DROP, JUMP, MOVE_X, MOVE_Z, TELEPORT } from './controls';
import { scriptedInput } from './headless.test-support';

/** A snapshot with the pointer at (x, y), as `input.sample()` would give it. */
function pointer(
  x: number,
  y: number,
  flags: { pressed?: boolean; released?: boolean; count: number },
) {
  const snapshot = new InputSnapshot();
  const p = snapshot.pointer;
  p.x = x;
  p.y = y;
  p.count = flags.count;
  p.pressed = flags.pressed ?? false;
  p.released = flags.released ?? false;
  p.down = p.count > 0 || p.pressed;
  return snapshot;
}

describe('Controls', () => {
  it('reads WASD and the arrows as a stick no longer than 1, Space as a jump, T as a teleport and B as a drop once', () => {
    const controls = new Controls();
    const { input, press } = scriptedInput();
    press('KeyW', true);
    press('ArrowRight', true);
    press('Space', true);
    let c = controls.read(input.sample());
    expect(c[MOVE_X]).toBeCloseTo(Math.SQRT1_2, 12);
    expect(c[MOVE_Z]).toBeCloseTo(-Math.SQRT1_2, 12);
    expect(c[JUMP]).toBe(1);
    press('KeyT', true);
    c = controls.read(input.sample());
    expect([c[JUMP], c[TELEPORT], c[DROP]]).toEqual([0, 1, 0]);
    press('KeyB', true);
    c = controls.read(input.sample());
    expect([c[TELEPORT], c[DROP]]).toEqual([0, 1]);
    c = controls.read(input.sample());
    expect(c[DROP]).toBe(0);
  });

  it('steers by the drag from where the finger went down, full speed at 60 px, and a tap jumps', () => {
    const controls = new Controls();
    controls.read(pointer(100, 100, { pressed: true, count: 1 }));
    let c = controls.read(pointer(130, 100, { count: 1 }));
    expect([c[MOVE_X], c[MOVE_Z]]).toEqual([0.5, 0]);
    c = controls.read(pointer(100, 300, { count: 1 }));
    expect([c[MOVE_X], c[MOVE_Z]]).toEqual([0, 1]);
    c = controls.read(pointer(100, 300, { released: true, count: 0 }));
    expect([c[MOVE_X], c[MOVE_Z], c[JUMP]]).toEqual([0, 0, 0]);
    // Down and up again within one step, without moving: a tap.
    c = controls.read(pointer(50, 50, { pressed: true, released: true, count: 0 }));
    expect(c[JUMP]).toBe(1);
  });

  it('reads either key of a direction alone, the arrows as WASD', () => {
    for (const [code, x, z] of [
      ['KeyA', -1, 0],
      ['ArrowLeft', -1, 0],
      ['KeyD', 1, 0],
      ['ArrowRight', 1, 0],
      ['KeyW', 0, -1],
      ['ArrowUp', 0, -1],
      ['KeyS', 0, 1],
      ['ArrowDown', 0, 1],
    ] as const) {
      const { input, press } = scriptedInput();
      press(code, true);
      const c = new Controls().read(input.sample());
      expect([c[MOVE_X], c[MOVE_Z], c[JUMP]]).toEqual([x, z, 0]);
    }
  });

  it('keeps a key and a drag together no faster than full speed, and a slow one as it is', () => {
    const controls = new Controls();
    const { input, press } = scriptedInput();
    press('KeyD', true);
    const keyed = input.sample();
    Object.assign(keyed.pointer, { x: 0, y: 0, pressed: true, count: 1, down: true });
    controls.read(keyed);
    Object.assign(keyed.pointer, { x: 0, y: 60, pressed: false });
    const c = controls.read(keyed); // right by key, down by drag: along the diagonal
    expect(c[MOVE_X]).toBeCloseTo(Math.SQRT1_2, 12);
    expect(c[MOVE_Z]).toBeCloseTo(Math.SQRT1_2, 12);
    const slow = new Controls();
    slow.read(pointer(0, 0, { pressed: true, count: 1 }));
    const d = slow.read(pointer(18, 24, { count: 1 })); // 30 px: half speed, its direction kept
    expect([d[MOVE_X], d[MOVE_Z]]).toEqual([0.3, 0.4]);
  });

  it('takes a finger that moved 10 px or more as a drag, not a tap, even back where it began', () => {
    const controls = new Controls();
    controls.read(pointer(100, 100, { pressed: true, count: 1 }));
    controls.read(pointer(110, 100, { count: 1 }));
    controls.read(pointer(100, 100, { count: 1 })); // back: 0 px from where it went down
    let c = controls.read(pointer(100, 100, { released: true, count: 0 }));
    expect(c[JUMP]).toBe(0);
    controls.read(pointer(100, 100, { pressed: true, count: 1 }));
    controls.read(pointer(109, 100, { count: 1 }));
    c = controls.read(pointer(104, 100, { released: true, count: 0 }));
    expect(c[JUMP]).toBe(1); // 9 px: still a tap
    expect([c[MOVE_X], c[MOVE_Z]]).toEqual([0, 0]); // and a finger that is up steers nothing
  });
});
