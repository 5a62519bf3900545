import { describe, expect, it } from 'vitest';
import { createBasicLoop } from './basic-loop.js';
import { createLoop } from './loop.js';
import { DEFAULTS, MAX_TIME_SCALE, MIN_TIMESTEP } from './options.js';
import { timerScheduler } from './run/scheduler.js';

const hooks = { update() {}, render() {} };

/** Both loops, made from the same options: they must agree on every check. */
const makers = {
  createLoop: (options: object) => createLoop({ scheduler: 'manual', ...options }),
  createBasicLoop: (options: object) => createBasicLoop({ ...hooks, ...options }),
};

describe('options are checked when a loop is made, the same way by both loops', () => {
  const bad: [string, unknown, string][] = [
    ['timestep', 0, '0'],
    ['timestep', -1, '-1'],
    ['timestep', Number.NaN, 'NaN'],
    ['timestep', Number.POSITIVE_INFINITY, 'Infinity'],
    ['timestep', 1e-300, '1e-300'],
    ['timestep', MIN_TIMESTEP / 2, String(MIN_TIMESTEP / 2)],
    ['timestep', '16', '"16"'],
    ['timestep', null, 'null'],
    ['maxDelta', -250, '-250'],
    ['maxDelta', Number.NaN, 'NaN'],
    ['maxDelta', '250', '"250"'],
    ['maxSteps', 0, '0'],
    ['maxSteps', 1.5, '1.5'],
    ['maxSteps', '10', '"10"'],
  ];
  for (const [option, value, shown] of bad) {
    for (const [name, make] of Object.entries(makers)) {
      it(`${name} throws a RangeError naming ${option} and ${shown}`, () => {
        expect(() => make({ [option]: value })).toThrow(RangeError);
        expect(() => make({ [option]: value })).toThrow(`option ${option} must be`);
        expect(() => make({ [option]: value })).toThrow(`got ${shown}`);
      });
    }
  }

  it('accepts the smallest timestep and uses the defaults for undefined', () => {
    for (const make of Object.values(makers)) {
      expect(() => make({ timestep: MIN_TIMESTEP, maxDelta: undefined })).not.toThrow();
    }
  });

  it('treats null options as no options, and a non-object as an error, in both', () => {
    expect(createLoop(null as never).options).toEqual(DEFAULTS);
    expect(() => createBasicLoop(null as never)).toThrow(/update must be a function/);
    for (const make of [createLoop, createBasicLoop]) {
      expect(() => make(5 as never)).toThrow(TypeError);
      expect(() => make('fast' as never)).toThrow(/options must be an object, got "fast"/);
    }
  });

  it('rejects a hook that is not a function, naming it', () => {
    expect(() => createLoop({ update: 5 as never })).toThrow(/update must be a function, got 5/);
    expect(() => createBasicLoop({ ...hooks, render: 'x' as never })).toThrow(
      /render must be a function, got "x"/,
    );
  });

  const badLoopOnly: [string, unknown, string][] = [
    ['maxFps', 0, '0'],
    ['maxFps', Number.NaN, 'NaN'],
    ['maxFps', '30', '"30"'],
    ['timeScale', -1, '-1'],
    ['timeScale', Number.POSITIVE_INFINITY, 'Infinity'],
    ['timeScale', MAX_TIME_SCALE * 2, String(MAX_TIME_SCALE * 2)],
    ['mode', 'fast', '"fast"'],
    ['overflow', 'keep', '"keep"'],
    ['scheduler', 'vsync', '"vsync"'],
    ['pauseWhenHidden', 'no', '"no"'],
  ];
  for (const [option, value, shown] of badLoopOnly) {
    it(`createLoop throws a RangeError naming ${option} and ${shown}`, () => {
      expect(() => makers.createLoop({ [option]: value })).toThrow(RangeError);
      expect(() => makers.createLoop({ [option]: value })).toThrow(
        new RegExp(
          `option ${option} must be .*got ${shown.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
        ),
      );
    });
  }

  it('checks a scheduler object when the loop is made, not at start()', () => {
    expect(() => createLoop({ scheduler: {} as never })).toThrow(
      /scheduler must be .*request\(\) and cancel\(\)/,
    );
    expect(() => createLoop({ scheduler: { request() {} } as never })).toThrow(RangeError);
    expect(() => createLoop({ scheduler: null as never })).toThrow(/scheduler .*got null/);
  });

  it('quotes strings in the timer scheduler error too', () => {
    expect(() => timerScheduler({ interval: '5' as never })).toThrow(/interval .*got "5"/);
  });
});

describe('loop.options', () => {
  it('documents its defaults: 60 Hz, 250 ms clamp, 10 steps, drop', () => {
    expect(createLoop().options).toEqual(DEFAULTS);
    expect(DEFAULTS).toMatchObject({ timestep: 1000 / 60, maxDelta: 250, maxSteps: 10 });
  });

  it('cannot be written to, and shows the cap and time scale in force', () => {
    const loop = createLoop({ scheduler: 'manual', maxFps: 30 });
    expect(() => {
      (loop.options as { maxFps: number }).maxFps = 5;
    }).toThrow(TypeError);
    expect(() => {
      (loop.options as { timestep: number }).timestep = 5;
    }).toThrow(TypeError);
    expect(loop.options.maxFps).toBe(30);
    loop.maxFps = 20;
    loop.timeScale = 0.5;
    expect(loop.options.maxFps).toBe(20);
    expect(loop.options.timeScale).toBe(0.5);
    expect(loop.options.timestep).toBe(1000 / 60);
  });

  it('checks timeScale and maxFps when set later, keeping the old value', () => {
    const loop = createLoop({ scheduler: 'manual' });
    expect(() => {
      loop.timeScale = Number.NaN;
    }).toThrow(/timeScale.*NaN/);
    expect(loop.timeScale).toBe(1);
    expect(() => {
      loop.maxFps = -5;
    }).toThrow(/maxFps.*-5/);
    expect(loop.maxFps).toBe(Number.POSITIVE_INFINITY);
  });
});
