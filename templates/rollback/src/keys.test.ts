import { describe, expect, it } from 'vitest';
import { STICK } from './game';
import { KEYS, steerToward, writeStick } from './keys';

/** A step's keys as createInput's snapshot answers them: held codes. */
const held = (...codes: string[]) => ({ isDown: (code: string) => codes.includes(code) });

describe('writeStick', () => {
  const out = new Int32Array(4);
  it('turns held keys into a stick, opposite keys cancelling', () => {
    expect(writeStick(held('KeyD', 'KeyW'), KEYS[0]!, out)).toBe(true);
    expect([...out.subarray(0, 2)]).toEqual([STICK, -STICK]);
    writeStick(held('KeyA', 'KeyS'), KEYS[0]!, out);
    expect([...out.subarray(0, 2)]).toEqual([-STICK, STICK]);
    // Held but cancelling: still held, so no finger or computer steers over them.
    expect(writeStick(held('KeyA', 'KeyD', 'KeyW', 'KeyS'), KEYS[0]!, out)).toBe(true);
    expect([...out.subarray(0, 2)]).toEqual([0, 0]);
  });

  it('reads each key alone, each player’s own: WASD and the arrows, -z away', () => {
    const cases = [
      ['left', [-STICK, 0]],
      ['right', [STICK, 0]],
      ['up', [0, -STICK]],
      ['down', [0, STICK]],
    ] as const;
    const codes = [
      { left: 'KeyA', right: 'KeyD', up: 'KeyW', down: 'KeyS' },
      { left: 'ArrowLeft', right: 'ArrowRight', up: 'ArrowUp', down: 'ArrowDown' },
    ];
    expect(KEYS).toEqual(codes);
    for (const [player, map] of KEYS.entries()) {
      for (const [key, stick] of cases) {
        out.fill(9);
        expect(writeStick(held(codes[player]![key]), map, out), key).toBe(true);
        expect([...out.subarray(0, 2)], `player ${player}, ${key}`).toEqual(stick);
      }
    }
  });

  it('says when none of its keys is held, and centres the stick', () => {
    out.fill(3);
    expect(writeStick(held('ArrowLeft', 'Space'), KEYS[0]!, out)).toBe(false);
    expect([...out.subarray(0, 2)]).toEqual([0, 0]);
  });

  it('keeps the two players apart: arrows for player 1 at its offset', () => {
    const keys = held('ArrowLeft', 'ArrowDown', 'KeyW');
    writeStick(keys, KEYS[0]!, out, 0);
    writeStick(keys, KEYS[1]!, out, 2);
    expect([...out]).toEqual([0, -STICK, -STICK, STICK]);
  });
});

describe('steerToward: a finger, or the computer, steering a ball', () => {
  const out = new Int32Array(4);
  it('pushes at full stick toward a target at its reach or farther', () => {
    steerToward(1, 1, 4, 1, 1, out);
    expect([...out.subarray(0, 2)]).toEqual([STICK, 0]);
    steerToward(1, 1, 1, 0, 1, out);
    expect([...out.subarray(0, 2)]).toEqual([0, -STICK]);
  });

  it('is no faster on a diagonal, and rounds to the integers the wire carries', () => {
    steerToward(0, 0, -6, 8, 1, out); // 0.6 and 0.8 of the stick
    expect([...out.subarray(0, 2)]).toEqual([-2, 3]);
    expect(Number.isInteger(out[0]) && Number.isInteger(out[1])).toBe(true);
  });

  it('slows in proportion inside its reach, and stops on the target', () => {
    steerToward(0, 0, 1, 0, 4, out);
    expect([...out.subarray(0, 2)]).toEqual([1, 0]);
    steerToward(0, 0, 0, -2, 4, out);
    expect([...out.subarray(0, 2)]).toEqual([0, -2]);
    steerToward(2, 3, 2, 3, 1, out);
    expect([...out.subarray(0, 2)]).toEqual([0, 0]);
  });

  it('pushes left as hard as right (halves round away from zero), at its offset', () => {
    out.fill(9);
    steerToward(0, 0, 2.5, 0, 4, out, 2); // 2.5 of 4
    expect([...out]).toEqual([9, 9, 3, 0]);
    steerToward(0, 0, -2.5, 0, 4, out, 2);
    expect([...out]).toEqual([9, 9, -3, 0]);
  });
});
