import { describe, expect, it } from 'vitest';
import { createBasicLoop } from './basic-loop.js';
import { createLoop } from './loop.js';
import { DEFAULTS, type LoopOptions, MAX_TIME_SCALE, MIN_TIMESTEP } from './options.js';
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

  it('says what each option must be', () => {
    const rule = (options: object) => {
      try {
        createLoop({ scheduler: 'manual', ...options });
      } catch (error) {
        return String(error).replace(/^RangeError: loop option \w+ must be (.*), got .*$/, '$1');
      }
      return 'accepted';
    };
    expect(rule({ timestep: 0 })).toBe(`a finite number >= ${MIN_TIMESTEP} (ms)`);
    expect(rule({ maxDelta: 0 })).toBe('a finite number > 0 (ms)');
    expect(rule({ maxSteps: 0 })).toBe('an integer >= 1');
    expect(rule({ maxFps: 0 })).toBe('a number > 0 (Infinity for no cap)');
    expect(rule({ timeScale: -1 })).toBe(`a finite number from 0 to ${MAX_TIME_SCALE}`);
    expect(rule({ mode: 'x' })).toBe(
      'one of "fixed", "timeslice", "semi-fixed", "variable", "naive"',
    );
    expect(rule({ overflow: 'x' })).toBe('one of "drop", "carry"');
    expect(rule({ pauseWhenHidden: 1 })).toBe('true or false');
    expect(rule({ scheduler: 'x' })).toBe(
      'one of "raf", "timer", "manual" or an object with request() and cancel()',
    );
    expect(rule({ mode: 'timeslice', timestep: 16.5 })).toBe(
      'a whole number of milliseconds in timeslice mode',
    );
    expect(() => createLoop({ scheduler: {} as never })).toThrow(/got an object$/);
  });

  it('accepts every boundary value: maxDelta and maxSteps at their least, timeScale 0 and 1000', () => {
    const accepted: LoopOptions[] = [
      { maxSteps: 1 },
      { maxDelta: Number.MIN_VALUE },
      { timeScale: 0 },
      { timeScale: MAX_TIME_SCALE },
      { maxFps: Number.MIN_VALUE },
      { maxFps: Number.POSITIVE_INFINITY },
      { pauseWhenHidden: false },
      { mode: 'timeslice', timestep: 1 },
    ];
    for (const options of accepted) {
      expect(() => createLoop({ scheduler: 'manual', ...options })).not.toThrow();
    }
    expect(() => createLoop({ scheduler: 'manual', maxDelta: 0 })).toThrow(/maxDelta/);
    expect(() => createLoop({ scheduler: 'manual', maxSteps: 0.999 })).toThrow(/maxSteps/);
  });

  it('accepts the smallest timestep and uses the defaults for undefined', () => {
    for (const make of Object.values(makers)) {
      expect(() => make({ timestep: MIN_TIMESTEP, maxDelta: undefined })).not.toThrow();
    }
  });

  it('takes undefined as the default of every option, in both loops', () => {
    const unset = { mode: undefined, overflow: undefined, maxFps: undefined };
    const loop = createLoop({
      ...unset,
      timeScale: undefined,
      timestep: undefined,
      maxDelta: undefined,
      maxSteps: undefined,
      pauseWhenHidden: undefined,
      begin: undefined,
      end: undefined,
      onDrop: undefined,
      onError: undefined,
      scheduler: undefined,
    });
    expect(loop.options).toEqual(DEFAULTS);
    // a stall, a fraction of a step, then steady frames: the clamp, maxSteps and the step show
    const stamps = [0, 5000, 5007, 5040, 5050];
    const ticks = (options: object) => {
      const basic = createBasicLoop({ ...hooks, ...options });
      return stamps.map((t) => {
        basic.frame(t);
        return basic.tick;
      });
    };
    const defaults = ticks({});
    expect(ticks({ timestep: undefined, maxDelta: undefined, maxSteps: undefined })).toEqual(
      defaults,
    );
    expect(defaults).toEqual([0, 10, 10, 12, 13]);
  });

  it('holds timestep to at least 0.1 ms and timeScale to at most 1000, as documented', () => {
    for (const make of Object.values(makers)) {
      expect(() => make({ timestep: 0.1 })).not.toThrow();
      expect(() => make({ timestep: 0.0999 })).toThrow(
        'loop option timestep must be a finite number >= 0.1 (ms), got 0.0999',
      );
    }
    const loop = makers.createLoop({ timeScale: 1000 });
    expect(() => makers.createLoop({ timeScale: 1000.5 })).toThrow(
      'loop option timeScale must be a finite number from 0 to 1000, got 1000.5',
    );
    expect(() => {
      loop.timeScale = 1001;
    }).toThrow(RangeError);
    expect(loop.timeScale).toBe(1000);
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
    for (const hook of ['update', 'render', 'begin', 'end', 'onDrop', 'onError']) {
      expect(() => createLoop({ [hook]: 5 })).toThrow(TypeError);
      expect(() => createLoop({ [hook]: 5 })).toThrow(
        `loop option ${hook} must be a function, got 5`,
      );
      expect(() => createLoop({ [hook]: () => {} })).not.toThrow();
    }
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
    expect(() => createLoop({ scheduler: { cancel() {} } as never })).toThrow(RangeError);
    expect(() => createLoop({ scheduler: 7 as never })).toThrow(/scheduler .*got 7/);
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

  it('shows the options it was given, where they differ from the defaults', () => {
    const given = {
      mode: 'timeslice',
      timestep: 20,
      maxDelta: 100,
      maxSteps: 3,
      overflow: 'carry',
      maxFps: 24,
      timeScale: 0.5,
    } as const;
    expect(createLoop({ scheduler: 'manual', ...given }).options).toEqual(given);
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
