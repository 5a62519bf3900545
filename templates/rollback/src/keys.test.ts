import { describe, expect, it } from 'vitest';
import { STICK } from './game';
import { KEYS, writeStick } from './keys';

describe('writeStick', () => {
  const out = new Int32Array(4);
  it('turns held keys into a stick, opposite keys cancelling', () => {
    writeStick(new Set(['KeyD', 'KeyW']), KEYS[0]!, out);
    expect([...out.subarray(0, 2)]).toEqual([STICK, -STICK]);
    writeStick(new Set(['KeyA', 'KeyS']), KEYS[0]!, out);
    expect([...out.subarray(0, 2)]).toEqual([-STICK, STICK]);
    writeStick(new Set(['KeyA', 'KeyD', 'KeyW', 'KeyS']), KEYS[0]!, out);
    expect([...out.subarray(0, 2)]).toEqual([0, 0]);
  });

  it('keeps the two players apart: arrows for player 1 at its offset', () => {
    const held = new Set(['ArrowLeft', 'ArrowDown', 'KeyW']);
    writeStick(held, KEYS[0]!, out, 0);
    writeStick(held, KEYS[1]!, out, 2);
    expect([...out]).toEqual([0, -STICK, -STICK, STICK]);
  });
});
