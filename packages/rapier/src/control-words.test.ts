import { describe, expect, it } from 'vitest';
import { ControlReader, ControlWords, controlWordCount, wordsGame } from './control-words.js';

/**
 * A game's controls as the rapier template lays them out: a stick (x, z) and three presses
 * (jump, teleport, drop), five numbers a tick.
 */
const X = 0;
const Z = 1;
const JUMP = 2;
const TELEPORT = 3;
const DROP = 4;
const CONTROLS = 5;
const PULSES = [JUMP, TELEPORT, DROP];
const REPLAYS = CONTROLS;
const ENDS = CONTROLS + 1;

function controls(x: number, z: number, jump = 0, teleport = 0, drop = 0): Float64Array {
  const out = new Float64Array(CONTROLS);
  out[X] = x;
  out[Z] = z;
  out[JUMP] = jump;
  out[TELEPORT] = teleport;
  out[DROP] = drop;
  return out;
}

describe('control words between the page and the worker', () => {
  it('send the stick as it is and each press as a running count', () => {
    const counter = new ControlWords(CONTROLS, PULSES);
    expect(counter.words).toBe(controlWordCount(CONTROLS));
    const words = new Float64Array(counter.words);
    counter.write(words, controls(0.5, -0.25, 1, 0, 1), true, false);
    expect([...words]).toEqual([0.5, -0.25, 1, 0, 1, 1, 0]);
    counter.write(words, controls(0, 0), false, false); // no press: no count goes up
    expect([...words]).toEqual([0, 0, 1, 0, 1, 1, 0]);
    counter.write(words, controls(-1, 0, 1, 1), false, true);
    expect(words[X]).toBe(-1);
    expect(words[Z]).toBe(0);
    expect([words[JUMP], words[TELEPORT], words[REPLAYS], words[ENDS], words[DROP]]).toEqual([
      2, 1, 1, 1, 1,
    ]);
  });

  it('apply a press to exactly one step, however many frames or steps lie between', () => {
    const counter = new ControlWords(CONTROLS, PULSES);
    const reader = new ControlReader(CONTROLS, PULSES);
    const words = new Float64Array(counter.words);
    // Two page frames before a step: the press of the first is not lost to the second's 0.
    counter.write(words, controls(0, 0, 1, 1, 1), true, false);
    counter.write(words, controls(0.25, 0.75), false, false);
    reader.read(words);
    expect([...reader.controls]).toEqual([0.25, 0.75, 1, 1, 1]);
    expect(reader.replay).toBe(true);
    expect(reader.end).toBe(false);
    // Two steps with no new frame: the press is not applied again.
    reader.read(words);
    expect([...reader.controls]).toEqual([0.25, 0.75, 0, 0, 0]);
    expect(reader.replay).toBe(false);
    counter.write(words, controls(0, 0), false, true);
    reader.read(words);
    expect(reader.end).toBe(true);
    expect(reader.replay).toBe(false);
  });

  it('step a game from the words: the controls read, the replay and end requests passed on', () => {
    const calls: [number, number[], boolean, boolean][] = [];
    const game = {
      advance(dt: number, live: Float64Array, replay: boolean, end: boolean) {
        calls.push([dt, [...live], replay, end]);
      },
    };
    const started = wordsGame(game as never, CONTROLS, PULSES);
    expect(started.game).toBe(game);
    const counter = new ControlWords(CONTROLS, PULSES);
    const words = new Float64Array(counter.words);
    counter.write(words, controls(1, 0, 1), true, false);
    started.step(0.5, words);
    started.step(0.25, words);
    counter.write(words, controls(0, -1), false, true);
    started.step(0.5, words);
    expect(calls).toEqual([
      [0.5, [1, 0, 1, 0, 0], true, false],
      [0.25, [1, 0, 0, 0, 0], false, false],
      [0.5, [0, -1, 0, 0, 0], false, true],
    ]);
  });

  it('refuse a layout that is no layout, naming the option and the value', () => {
    expect(() => new ControlWords(0, [])).toThrow(
      'ControlWords controls must be an integer >= 1, got 0',
    );
    expect(() => new ControlWords(2.5, [])).toThrow(RangeError);
    expect(() => new ControlWords(3, [3])).toThrow(
      'ControlWords pulses must be indices below 3, got 3',
    );
    expect(() => new ControlReader(3, [-1])).toThrow(
      'ControlReader pulses must be indices below 3, got -1',
    );
    expect(() => new ControlReader(3, [0.5])).toThrow(RangeError);
  });
});
