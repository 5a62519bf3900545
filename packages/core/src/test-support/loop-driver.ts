import fc from 'fast-check';
import { createLoop, type Loop } from '../loop.js';
import type { OverflowPolicy, StepMode } from '../options.js';
import { UNITS_PER_STEP } from '../time/ticks.js';
import { ClockModel } from './clock-model.js';
import type { HostileTrace } from './hostile.js';

/**
 * Drives createLoop through a hostile trace and checks, after every frame, the invariants of
 * the README's rule for time, the guards, the cap and the controls. Throws on the first one
 * broken, saying which.
 */

export function assert(ok: boolean, message: string): asserts ok {
  if (!ok) throw new Error(message);
}

export interface Config {
  mode: StepMode;
  timestep: number;
  maxDelta: number;
  maxSteps: number;
  overflow: OverflowPolicy;
  maxFps: number;
  timeScale: number;
}

export const config = (modes: StepMode[]): fc.Arbitrary<Config> =>
  fc
    .record({
      mode: fc.constantFrom(...modes),
      timestep: fc.constantFrom(1000 / 60, 1000 / 30, 10, 16, 1000 / 144, 50),
      maxDelta: fc.constantFrom(50, 100, 250, 1000),
      maxSteps: fc.integer({ min: 1, max: 20 }),
      overflow: fc.constantFrom<OverflowPolicy>('drop', 'carry'),
      maxFps: fc.constantFrom(Number.POSITIVE_INFINITY, 24, 30, 29.5, 60, 144),
      timeScale: fc.constantFrom(1, 1, 1 / 3, 0.5, 2),
    })
    .map((c) => (c.mode === 'timeslice' ? { ...c, timestep: Math.round(c.timestep) } : c));

export const ALL_MODES: StepMode[] = ['fixed', 'timeslice', 'semi-fixed', 'variable', 'naive'];

/** Every figure a loop shows must be a finite number, whatever it was fed. */
function assertFinite(loop: Loop): void {
  const { stats } = loop;
  const figures = {
    tick: loop.tick,
    time: loop.time,
    alpha: loop.alpha,
    lag: loop.lag,
    dt: loop.dt,
    now: loop.now,
    timeScale: loop.timeScale,
    updates: stats.updates,
    dropped: stats.dropped,
    rendered: stats.rendered,
    skipped: stats.skipped,
    statsNow: stats.now,
    frameTime: stats.frameTime,
    fps: stats.fps,
    droppedLast: stats.droppedLast,
  };
  for (const [name, value] of Object.entries(figures)) {
    assert(Number.isFinite(value), `${name} is ${value}`);
  }
}

/** What a loop's hooks saw, read by the invariants. */
export function snapshot(loop: Loop): string {
  return JSON.stringify([loop.tick, loop.alpha, loop.lag, loop.now, loop.stats.rendered]);
}

/**
 * Drives createLoop through a hostile trace and checks the invariants after every frame.
 * `exact`: the trace's glitches return to its timeline and the time scale is never changed, so
 * the exact bounds apply.
 */
export function drive(cfg: Config, trace: HostileTrace, exact: boolean): void {
  const fixed = cfg.mode === 'fixed' || cfg.mode === 'timeslice';
  const perMs = cfg.mode === 'timeslice' ? 1 : UNITS_PER_STEP / cfg.timestep;
  const perStep = cfg.mode === 'timeslice' ? cfg.timestep : UNITS_PER_STEP;
  const model = new ClockModel(perMs, cfg.mode === 'timeslice' ? 0 : 0.5);
  let throwNext = false;
  let haltNext = false;
  let reenter: string | null = null;
  let halted = false;
  let updates = 0;
  let errors = 0;
  let scales = 1;
  let maxScale = cfg.timeScale;
  /** Clock readings (units) of the frames the cap let through since it or a restart changed. */
  let passed: number[] = [];
  /** Units let through since the cap last let a frame through, and since stats last recorded one. */
  let sincePassed = 0;
  let sinceRecorded = 0;
  let framesSinceStart = 0;
  /** True from a cap change until the next frame the cap lets through. */
  let capChanged = false;

  /** A broken invariant seen inside a hook: the loop would hand a throw there to onError. */
  let violation: Error | null = null;
  const inHook = (ok: boolean, message: string) => {
    if (!ok) violation ??= new Error(message);
  };
  const hook = (name: string) => {
    inHook(!halted, `${name} ran after stop() in the same frame`);
    if (reenter !== name) return;
    reenter = null;
    const before = snapshot(loop);
    let refused = false;
    try {
      loop.frame(model.total + 1e6);
    } catch {
      refused = true;
    }
    inHook(refused, `a frame() inside ${name} was not refused`);
    inHook(snapshot(loop) === before, `a refused frame() inside ${name} changed the loop`);
  };

  const loop: Loop = createLoop({
    ...cfg,
    scheduler: 'manual',
    begin: (now) => {
      inHook(now === loop.now && Number.isFinite(now), `begin got ${now}, loop.now is ${loop.now}`);
      hook('begin');
    },
    update: () => {
      hook('update');
      updates++;
      if (throwNext) {
        throwNext = false;
        throw new Error('update failed');
      }
      if (haltNext) {
        haltNext = false;
        loop.stop();
        halted = true;
      }
    },
    render: (alpha) => {
      hook('render');
      inHook(alpha >= 0 && alpha < 1, `render got alpha ${alpha}`);
    },
    end: () => hook('end'),
    onError: () => {
      errors++;
    },
  });
  const start = () => {
    loop.start();
    model.resync();
    passed = [];
    framesSinceStart = 0;
    capChanged = false;
  };
  start();

  for (const event of trace.events) {
    switch (event.kind) {
      case 'toggle':
        if (loop.running) loop.stop();
        else start();
        continue;
      case 'cap': {
        // a write of the value in force changes nothing, so the window it is checked over goes on
        const changes = event.fps !== null && event.fps !== loop.maxFps;
        loop.maxFps = event.fps ?? loop.maxFps;
        if (changes) {
          passed = [];
          capChanged = framesSinceStart > 0;
        }
        continue;
      }
      case 'scale':
        if (event.scale !== null && event.scale !== loop.timeScale) scales++;
        loop.timeScale = event.scale ?? loop.timeScale;
        maxScale = Math.max(maxScale, loop.timeScale);
        continue;
      case 'throw':
        throwNext = true;
        continue;
      case 'halt':
        haltNext = true;
        continue;
      case 'reenter':
        reenter = event.hook;
        continue;
    }
    if (!loop.running) continue;
    const t = event.t;
    model.stamp(t);
    const owed = model.take();
    sincePassed += owed;
    sinceRecorded += owed;
    const skippedBefore = loop.stats.skipped;
    const recordedBefore = loop.stats.rendered;
    const errorsBefore = errors;
    halted = false;
    updates = 0;
    loop.frame(t);
    if (violation) throw violation;
    framesSinceStart++;
    const capped = Number.isFinite(loop.maxFps);

    // steps per frame, and none on the first frame after a start
    const most = cfg.mode === 'variable' || cfg.mode === 'naive' ? 1 : cfg.maxSteps;
    assert(updates <= most, `${updates} updates in one frame, maxSteps ${cfg.maxSteps}`);
    if (framesSinceStart === 1) assert(updates === 0, `${updates} updates on the first frame`);
    assert(loop.alpha >= 0 && loop.alpha < 1, `alpha ${loop.alpha}`);
    assertFinite(loop);

    if (loop.stats.skipped > skippedBefore) {
      // a cap never holds back a frame once a whole interval of time has passed
      assert(capped, 'a frame was skipped with no cap');
      const interval = (1000 / loop.maxFps) * perMs;
      assert(sincePassed < interval + 1, `skipped ${sincePassed / perMs} ms after the last frame`);
    } else {
      // a new cap goes on from the last frame: the next comes no sooner than half an interval
      if (capChanged && capped) {
        const half = (500 / loop.maxFps) * perMs;
        assert(sincePassed >= half - 1, `${sincePassed / perMs} ms after a cap change`);
      }
      capChanged = false;
      sincePassed = 0;
      if (capped) {
        // no window of one second holds more than maxFps + 1 frames (ceil for a fractional cap)
        passed.push(model.total);
        while (passed[0]! <= model.total - 1000 * perMs) passed.shift();
        assert(
          passed.length <= Math.ceil(loop.maxFps) + 1,
          `${passed.length} frames in one second under a cap of ${loop.maxFps}`,
        );
      }
    }
    const recorded = loop.stats.rendered > recordedBefore;
    if (recorded) {
      // the frame time stats report never runs ahead of the rule
      const frameTime = loop.stats.frameTime * perMs;
      assert(frameTime <= sinceRecorded * (1 + 1e-9) + 1, `frameTime ${loop.stats.frameTime}`);
      sinceRecorded = 0;
    }
    if (errors > errorsBefore || halted) {
      // a restart right away: the first frame after it must advance nothing
      if (!loop.running) start();
      continue;
    }

    if (cfg.mode === 'naive') continue;
    // simulated time never runs ahead of the time the rule let through, in integer units
    const simulated = fixed ? loop.tick * perStep : loop.time * 1000 * perMs;
    const slack = fixed ? 0 : 1e-9 * simulated + 1e-6;
    if (exact) {
      assert(
        simulated <= Math.round(model.total * loop.timeScale) + slack,
        `simulated ${simulated} > owed ${model.total} × ${loop.timeScale}`,
      );
      assert(
        simulated <= Math.round(model.spans * loop.timeScale) + slack,
        `simulated ${simulated} > (largest − first) × ${loop.timeScale}`,
      );
      if (loop.timeScale > 0 && model.sinceBaseline > 0 && recorded) {
        // and all of it is accounted for at each rendered frame (where drops are reported):
        // simulated + leftover + dropped = let through
        const s = loop.timeScale;
        const accounted = ((loop.time + loop.lag) * 1000) / s + loop.stats.dropped;
        const owed = model.total / perMs;
        const tolerance = (2 / s + 2) / perMs + 1e-9 * owed;
        assert(Math.abs(accounted - owed) <= tolerance, `accounted ${accounted} of ${owed} ms`);
      }
    } else {
      assert(
        simulated <= model.total * maxScale + scales + slack,
        `simulated ${simulated} > owed ${model.total} × ${maxScale}`,
      );
    }
  }
}
