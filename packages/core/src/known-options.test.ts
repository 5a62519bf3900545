import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBasicLoop } from './basic-loop.js';
import { watchCanvas } from './dom/canvas.js';
import { createInput } from './dom/input.js';
import { createStatsOverlay } from './dom/overlay.js';
import { requireWebGL } from './dom/webgl.js';
import { KNOWN_OPTIONS, nearestName } from './known-options.js';
import { createLoop } from './loop.js';
import { InstantReplay } from './replay/instant.js';
import { Recorder } from './replay/recorder.js';
import { timerScheduler } from './run/scheduler.js';
import { check } from './test-support/check.js';
import { WordSim, wordLayout } from './test-support/word-sim.js';
import { workerPair } from './test-support/worker-pair.js';
import { Clock } from './time/clock.js';
import { createWorkerLoop } from './worker/page.js';
import { serveSimulation } from './worker/serve.js';

/**
 * The development build refuses an option no function of @loop/core takes, naming it and the
 * nearest one it does take: a misspelt option was ignored, and the game ran at the default.
 */

const hooks = { update() {}, render() {} };
// One worker for every try: an unknown option is refused before the loop touches it.
const { worker } = workerPair(() => {
  const sim = new WordSim(1, 1);
  return { update: (dt, input) => sim.step(dt, input), write() {} };
});
const replayable = { save: () => new Uint8Array(0), load() {}, hash: () => 0 };

/** Each options object with one extra option `name` set, by the function that takes it. */
const makers: Record<keyof typeof KNOWN_OPTIONS, (extra: object) => unknown> = {
  createLoop: (extra) => createLoop({ scheduler: 'manual', ...extra }),
  createWorkerLoop: (extra) =>
    createWorkerLoop({ worker, snapshot: wordLayout(1), scheduler: 'manual', ...extra }),
  createBasicLoop: (extra) => createBasicLoop({ ...hooks, ...extra }),
  Clock: (extra) => new Clock({ ...extra }),
  timerScheduler: (extra) => timerScheduler({ ...extra }),
  serveSimulation: (extra) => serveSimulation(() => ({ update() {}, write() {} }), { ...extra }),
  Recorder: (extra) => new Recorder({ build: 'b', timestep: 10, ...extra }),
  InstantReplay: (extra) =>
    new InstantReplay(replayable as never, { build: 'b', timestep: 10, ...extra }),
  watchCanvas: (extra) => watchCanvas({} as never, () => {}, { ...extra }),
  createInput: (extra) => createInput({ ...extra }),
  createStatsOverlay: (extra) => createStatsOverlay({} as never, { ...extra }),
  requireWebGL: (extra) => requireWebGL({ ...extra }),
};

describe('an option no function takes', () => {
  it('is refused by createLoop, naming it and the option meant', () => {
    expect(() => createLoop({ timeStep: 10 } as never)).toThrow(
      new RangeError(
        'createLoop has no option timeStep (it would be ignored): did you mean timestep?',
      ),
    );
    expect(() => createLoop({ maxFPS: 30 } as never)).toThrow(
      new RangeError('createLoop has no option maxFPS (it would be ignored): did you mean maxFps?'),
    );
    expect(() => createLoop({ updat() {} } as never)).toThrow(
      /no option updat .*did you mean update\?$/,
    );
  });

  it('lists every option when none is near the one given', () => {
    expect(() => createBasicLoop({ ...hooks, speed: 2 } as never)).toThrow(
      new RangeError(
        'createBasicLoop has no option speed (it would be ignored): it takes update, render, onError, timestep, maxDelta, maxSteps',
      ),
    );
  });

  it('is refused by every function and class that takes options, each naming itself', () => {
    for (const [api, make] of Object.entries(makers)) {
      const [known] = Object.keys(KNOWN_OPTIONS[api as keyof typeof KNOWN_OPTIONS]);
      const typo = `${known!.toUpperCase()}x`;
      expect(() => make({ [typo]: 1 }), api).toThrow(
        new RangeError(
          `${api} has no option ${typo} (it would be ignored): did you mean ${known}?`,
        ),
      );
    }
  });

  it('is any name but the known ones: each known one passes, any other throws', () => {
    check(
      fc.property(
        fc.constantFrom(...(Object.keys(KNOWN_OPTIONS) as (keyof typeof KNOWN_OPTIONS)[])),
        fc.string({ minLength: 1, maxLength: 12 }),
        (api, name) => {
          const known = Object.keys(KNOWN_OPTIONS[api]);
          fc.pre(!known.includes(name) && name !== '__proto__');
          expect(() => makers[api]({ [name]: undefined })).toThrow(
            `${api} has no option ${name} (it would be ignored): `,
          );
        },
      ),
      100,
    );
  });
});

describe('the nearest known name', () => {
  it('ignores case, and is none when every name is more than a third of the length away', () => {
    expect(nearestName('MAXFPS', ['maxFps', 'maxSteps'])).toBe('maxFps');
    expect(nearestName('maxStep', ['maxFps', 'maxSteps'])).toBe('maxSteps');
    expect(nearestName('fps', ['maxFps', 'maxSteps'])).toBeUndefined();
    // Two edits pass for a short name, three do not; a long name may be a third off.
    expect(nearestName('ab', ['abcd'])).toBe('abcd');
    expect(nearestName('ab', ['abcde'])).toBeUndefined();
    expect(nearestName('pauseWhenHidn', ['pauseWhenHidden'])).toBe('pauseWhenHidden');
    expect(nearestName('abcdefghi', ['abcxyzghi'])).toBe('abcxyzghi');
    expect(nearestName('abcdefghi', ['axxxxxxxi'])).toBeUndefined();
  });

  it('is the nearest of several, the first of equals', () => {
    expect(nearestName('mode', ['node', 'mode'])).toBe('mode');
    expect(nearestName('xode', ['node', 'mode'])).toBe('node');
    expect(nearestName('timestap', ['timeScale', 'timestep'])).toBe('timestep');
  });
});
