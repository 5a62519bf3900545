import fc from 'fast-check';

/**
 * Hostile clocks for property tests: a display's vsync timeline (rates from 30 to 240 Hz, with
 * jitter) broken by everything a page produces (spikes, hidden-tab gaps, sub-microsecond frames,
 * stamps that echo back and return, repeated stamps, NaN and ±Infinity, and optionally a clock
 * that really jumps back), interleaved with control calls between frames and inside hooks.
 */

/** A call a game makes on its loop: between frames, or (throw, halt, reenter) inside a hook. */
export type Control =
  /** stop() when running, else start(). */
  | { kind: 'toggle' }
  /** `loop.maxFps = fps`; `fps` is null for "the value in force". */
  | { kind: 'cap'; fps: number | null }
  /** `loop.timeScale = scale`; null for "the value in force". */
  | { kind: 'scale'; scale: number | null }
  /** The next update throws. */
  | { kind: 'throw' }
  /** The next update calls stop(). */
  | { kind: 'halt' }
  /** The next call of `hook` calls loop.frame(), which must be refused. */
  | { kind: 'reenter'; hook: 'begin' | 'update' | 'render' | 'end' };

/** A timestamp to feed, or a control call. */
export type Event = { kind: 'stamp'; t: number } | Control;

/** One generated run: the display it imitates and what happens, in order. */
export interface HostileTrace {
  hz: number;
  jitter: number;
  events: Event[];
}

type Step =
  | { kind: 'vsync'; j: number }
  | { kind: 'spike'; ms: number }
  | { kind: 'hidden'; ms: number }
  | { kind: 'tiny'; ms: number }
  | { kind: 'echo'; back: number }
  | { kind: 'repeat' }
  | { kind: 'bad'; t: number }
  | { kind: 'jump'; back: number }
  | Control;

const unit = fc.double({ min: -1, max: 1, noNaN: true });

/** What the trace may contain besides vsync-like frames. */
export interface HostileOptions {
  /** A clock that really moves back by up to 10 s (its glitches then no longer return). */
  jumps?: boolean;
  /** Control calls; `scale: false` keeps the time scale to the value in force. */
  controls?: { scale: boolean } | false;
  /** Frames and events per trace. Default 300 to 2000. */
  length?: { min: number; max: number };
}

/** Caps and scales the controls write: odd, whole and no cap at all. */
const CAPS = [24, 29.5, 30, 60, 144, Number.POSITIVE_INFINITY];
const SCALES = [0, 1 / 3, 0.5, 1, 1.1, 2];

/** Control calls between frames and inside hooks; `scale` lets the time scale change. */
function controls(scale: boolean): fc.WeightedArbitrary<Step>[] {
  return [
    { weight: 1, arbitrary: fc.constant({ kind: 'toggle' as const }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('cap'),
        fps: fc.option(fc.constantFrom<number>(...CAPS), { nil: null }),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('scale'),
        scale: scale
          ? fc.option(fc.constantFrom<number>(...SCALES), { nil: null })
          : fc.constant(null),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'throw' as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'halt' as const }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('reenter'),
        hook: fc.constantFrom('begin', 'update', 'render', 'end'),
      }),
    },
  ];
}

function steps(options: HostileOptions): fc.Arbitrary<Step> {
  const c = options.controls;
  const arbitraries: fc.WeightedArbitrary<Step>[] = [
    { weight: 60, arbitrary: fc.record({ kind: fc.constant('vsync'), j: unit }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('spike'),
        ms: fc.double({ min: 30, max: 600, noNaN: true }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('hidden'),
        ms: fc.double({ min: 1000, max: 20_000, noNaN: true }),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('tiny'),
        ms: fc.double({ min: 1e-7, max: 1e-3, noNaN: true }),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('echo'),
        back: fc.double({ min: 1e-3, max: 5000, noNaN: true }),
      }),
    },
    { weight: 2, arbitrary: fc.constant({ kind: 'repeat' as const }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('bad'),
        t: fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e300),
      }),
    },
  ];
  if (options.jumps) {
    arbitraries.push({
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('jump'),
        back: fc.double({ min: 1, max: 10_000, noNaN: true }),
      }),
    });
  }
  if (c) arbitraries.push(...controls(c.scale));
  return fc.oneof(...arbitraries);
}

/** Turns steps into timestamps on a timeline that starts at 1000 ms. */
function toEvents(hz: number, jitter: number, list: Step[]): Event[] {
  const events: Event[] = [];
  let clock = 1000;
  let last = clock;
  let good = clock;
  const stamp = (t: number) => {
    events.push({ kind: 'stamp', t });
    last = t;
    if (Math.abs(t) <= 2 ** 53) good = t;
  };
  stamp(clock);
  for (const s of list) {
    switch (s.kind) {
      case 'vsync':
        clock += 1000 / hz + s.j * jitter;
        stamp(clock);
        break;
      case 'spike':
      case 'hidden':
      case 'tiny':
        clock += s.ms;
        stamp(clock);
        break;
      case 'echo':
        // a glitch: below the timeline, and never later than a glitch just before it (glitch
        // stamps that advance among themselves are a clock that really went back)
        stamp(good < clock ? Math.min(clock - s.back, good) : clock - s.back);
        break;
      case 'repeat':
        stamp(last);
        break;
      case 'bad':
        stamp(s.t);
        break;
      case 'jump':
        clock -= s.back;
        stamp(clock);
        break;
      default:
        events.push(s);
    }
  }
  return events;
}

/** A hostile trace of realistic length (300–2000 events unless told otherwise). */
export function hostileTrace(options: HostileOptions = {}): fc.Arbitrary<HostileTrace> {
  const { min, max } = options.length ?? { min: 300, max: 2000 };
  return fc
    .record({
      hz: fc.constantFrom(30, 50, 60, 75, 90, 120, 144, 165, 240),
      jitter: fc.constantFrom(0, 0.3, 1, 3),
      list: fc.array(steps(options), { minLength: min, maxLength: max }),
    })
    .map(({ hz, jitter, list }) => ({ hz, jitter, events: toEvents(hz, jitter, list) }));
}
