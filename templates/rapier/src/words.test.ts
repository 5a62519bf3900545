import { describe, expect, it } from 'vitest';
import { CONTROLS, DROP, JUMP, MOVE_X, MOVE_Z, TELEPORT } from './controls';
import { scriptedInput } from './headless.test-support';
import {
  DROPS,
  ENDS,
  JUMPS,
  PressCounter,
  PressReader,
  REPLAYS,
  TELEPORTS,
  WORD_X,
  WORD_Z,
  WORDS,
} from './words';

/** An input sample in which `codes` went down (and up again): a real Input's snapshot. */
function pressed(...codes: string[]) {
  const { input, press } = scriptedInput();
  for (const code of codes) {
    press(code, true);
    press(code, false);
  }
  return input.sample();
}

function controls(x: number, z: number, jump = 0, teleport = 0, drop = 0): Float64Array {
  const out = new Float64Array(CONTROLS);
  out[DROP] = drop;
  out[MOVE_X] = x;
  out[MOVE_Z] = z;
  out[JUMP] = jump;
  out[TELEPORT] = teleport;
  return out;
}

describe('input words between the page and the worker', () => {
  it('send the stick as it is and each press as a running count', () => {
    const counter = new PressCounter();
    const words = new Float64Array(WORDS);
    counter.write(words, controls(0.5, -0.25, 1, 0, 1), pressed('KeyR'));
    expect([...words]).toEqual([0.5, -0.25, 1, 0, 1, 0, 1]);
    counter.write(words, controls(0, 0), pressed()); // no press: no count goes up
    expect([...words]).toEqual([0, 0, 1, 0, 1, 0, 1]);
    counter.write(words, controls(-1, 0, 1, 1), pressed('Escape'));
    expect(words[WORD_X]).toBe(-1);
    expect(words[WORD_Z]).toBe(0);
    expect([words[JUMPS], words[TELEPORTS], words[REPLAYS], words[ENDS], words[DROPS]]).toEqual([
      2, 1, 1, 1, 1,
    ]);
  });

  it('apply a press to exactly one step, however many frames or steps lie between', () => {
    const counter = new PressCounter();
    const reader = new PressReader();
    const words = new Float64Array(WORDS);
    // Two page frames before a step: the press of the first is not lost to the second's 0.
    counter.write(words, controls(0, 0, 1, 1, 1), pressed('KeyR'));
    counter.write(words, controls(0.25, 0.75), pressed());
    reader.read(words);
    expect([...reader.controls]).toEqual([0.25, 0.75, 1, 1, 1]);
    expect(reader.replay).toBe(true);
    expect(reader.end).toBe(false);
    // Two steps with no new frame: the press is not applied again.
    reader.read(words);
    expect([...reader.controls]).toEqual([0.25, 0.75, 0, 0, 0]);
    expect(reader.replay).toBe(false);
    counter.write(words, controls(0, 0), pressed('Escape'));
    reader.read(words);
    expect(reader.end).toBe(true);
    expect(reader.replay).toBe(false);
  });
});
