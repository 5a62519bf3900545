import { createLoop, type Loop } from '../loop.js';
import { UNITS_PER_STEP } from '../time/rule.js';
import { assert, assertFinite, snapshot } from './assert.js';
import type { Control } from './hostile.js';
import type { Config } from './loop-driver.js';
import { Reference } from './reference.js';

/** One createLoop under test, what the controls asked of it, and what the checks remember. */
export class Driver {
  readonly loop: Loop;
  private readonly fixed: boolean;
  private readonly perMs: number;
  private readonly perStep: number;
  private readonly reference: Reference;
  private throwNext = false;
  private haltNext = false;
  private reenter: string | null = null;
  private halted = false;
  private updates = 0;
  private errors = 0;
  private scales = 1;
  private maxScale: number;
  /** Clock readings (units) of the frames the cap let through since it or a restart changed. */
  private passed: number[] = [];
  /** Units let through since the cap last let a frame through, and since stats recorded one. */
  private sincePassed = 0;
  private sinceRecorded = 0;
  private framesSinceStart = 0;
  /** True from a cap change until the next frame the cap lets through. */
  private capChanged = false;
  /** A broken invariant seen inside a hook: the loop would hand a throw there to onError. */
  private violation: Error | null = null;

  constructor(
    private readonly cfg: Config,
    private readonly exact: boolean,
  ) {
    const slices = cfg.mode === 'timeslice';
    this.fixed = cfg.mode === 'fixed' || slices;
    this.perMs = slices ? 1 : UNITS_PER_STEP / cfg.timestep;
    this.perStep = slices ? cfg.timestep : UNITS_PER_STEP;
    this.reference = new Reference(cfg.timestep, slices);
    this.maxScale = cfg.timeScale;
    this.loop = this.makeLoop();
    this.start();
  }

  /** A control call between frames. */
  control(event: Control): void {
    const loop = this.loop;
    switch (event.kind) {
      case 'toggle':
        if (loop.running) loop.stop();
        else this.start();
        return;
      case 'cap': {
        // a write of the value in force changes nothing, so the window it is checked over goes on
        const changes = event.fps !== null && event.fps !== loop.maxFps;
        loop.maxFps = event.fps ?? loop.maxFps;
        if (changes) {
          this.passed = [];
          this.capChanged = this.framesSinceStart > 0;
        }
        return;
      }
      case 'scale':
        if (event.scale !== null && event.scale !== loop.timeScale) this.scales++;
        loop.timeScale = event.scale ?? loop.timeScale;
        this.maxScale = Math.max(this.maxScale, loop.timeScale);
        return;
      case 'throw':
        this.throwNext = true;
        return;
      case 'halt':
        this.haltNext = true;
        return;
      case 'reenter':
        this.reenter = event.hook;
        return;
    }
  }

  /** Feeds one timestamp (if the loop runs) and checks every invariant after it. */
  frame(t: number): void {
    const { loop } = this;
    if (!loop.running) return;
    this.reference.stamp(t);
    const owed = this.reference.take();
    this.sincePassed += owed;
    this.sinceRecorded += owed;
    const skippedBefore = loop.stats.skipped;
    const recordedBefore = loop.stats.rendered;
    const errorsBefore = this.errors;
    this.halted = false;
    this.updates = 0;
    loop.frame(t);
    if (this.violation) throw this.violation;
    this.framesSinceStart++;
    this.checkSteps();
    this.checkCap(loop.stats.skipped > skippedBefore);
    const recorded = loop.stats.rendered > recordedBefore;
    if (recorded) this.checkFrameTime();
    if (this.errors > errorsBefore || this.halted) {
      // a restart right away: the first frame after it must advance nothing
      if (!loop.running) this.start();
      return;
    }
    if (this.cfg.mode !== 'naive') this.checkTime(recorded);
  }

  private makeLoop(): Loop {
    const loop: Loop = createLoop({
      ...this.cfg,
      scheduler: 'manual',
      begin: (now) => {
        this.inHook(
          now === loop.now && Number.isFinite(now),
          `begin got ${now}, loop.now ${loop.now}`,
        );
        this.hook('begin');
      },
      update: () => {
        this.hook('update');
        this.updates++;
        if (this.throwNext) {
          this.throwNext = false;
          throw new Error('update failed');
        }
        if (this.haltNext) {
          this.haltNext = false;
          loop.stop();
          this.halted = true;
        }
      },
      render: (alpha) => {
        this.hook('render');
        this.inHook(alpha >= 0 && alpha < 1, `render got alpha ${alpha}`);
      },
      end: () => this.hook('end'),
      onError: () => {
        this.errors++;
      },
    });
    return loop;
  }

  private start(): void {
    this.loop.start();
    this.reference.resync();
    this.passed = [];
    this.framesSinceStart = 0;
    this.capChanged = false;
  }

  private inHook(ok: boolean, message: string): void {
    if (!ok) this.violation ??= new Error(message);
  }

  /** In every hook: nothing after stop(), and a frame() asked for inside it is refused. */
  private hook(name: string): void {
    this.inHook(!this.halted, `${name} ran after stop() in the same frame`);
    if (this.reenter !== name) return;
    this.reenter = null;
    const before = snapshot(this.loop);
    let refused = false;
    try {
      this.loop.frame(this.reference.total + 1e6);
    } catch {
      refused = true;
    }
    this.inHook(refused, `a frame() inside ${name} was not refused`);
    this.inHook(
      snapshot(this.loop) === before,
      `a refused frame() inside ${name} changed the loop`,
    );
  }

  /** Steps per frame, none on the first frame after a start, alpha, every figure finite. */
  private checkSteps(): void {
    const { cfg, loop, updates } = this;
    const most = cfg.mode === 'variable' || cfg.mode === 'naive' ? 1 : cfg.maxSteps;
    assert(updates <= most, `${updates} updates in one frame, maxSteps ${cfg.maxSteps}`);
    if (this.framesSinceStart === 1) assert(updates === 0, `${updates} updates on the first frame`);
    assert(loop.alpha >= 0 && loop.alpha < 1, `alpha ${loop.alpha}`);
    assertFinite(loop);
  }

  /** The FPS cap: never holds a frame back a whole interval, never more than maxFps + 1 a second. */
  private checkCap(skipped: boolean): void {
    const { loop, perMs } = this;
    const capped = Number.isFinite(loop.maxFps);
    if (skipped) {
      assert(capped, 'a frame was skipped with no cap');
      const interval = (1000 / loop.maxFps) * perMs;
      assert(
        this.sincePassed < interval + 1,
        `skipped ${this.sincePassed / perMs} ms after the last frame`,
      );
      return;
    }
    // a new cap goes on from the last frame: the next comes no sooner than half an interval
    if (this.capChanged && capped) {
      const half = (500 / loop.maxFps) * perMs;
      assert(this.sincePassed >= half - 1, `${this.sincePassed / perMs} ms after a cap change`);
    }
    this.capChanged = false;
    this.sincePassed = 0;
    if (!capped) return;
    // no window of one second holds more than maxFps + 1 frames (ceil for a fractional cap)
    const total = this.reference.total;
    this.passed.push(total);
    while (this.passed[0]! <= total - 1000 * perMs) this.passed.shift();
    assert(
      this.passed.length <= Math.ceil(loop.maxFps) + 1,
      `${this.passed.length} frames in one second under a cap of ${loop.maxFps}`,
    );
  }

  /** The frame time stats report never runs ahead of the time let through. */
  private checkFrameTime(): void {
    const frameTime = this.loop.stats.frameTime * this.perMs;
    assert(
      frameTime <= this.sinceRecorded * (1 + 1e-9) + 1,
      `frameTime ${this.loop.stats.frameTime}`,
    );
    this.sinceRecorded = 0;
  }

  /** Simulated time never runs ahead of the time let through, and all of it is accounted for. */
  private checkTime(recorded: boolean): void {
    const { loop, reference, perMs } = this;
    const simulated = this.fixed ? loop.tick * this.perStep : loop.time * 1000 * perMs;
    const slack = this.fixed ? 0 : 1e-9 * simulated + 1e-6;
    const scale = loop.timeScale;
    if (!this.exact) {
      const most = reference.total * this.maxScale + this.scales + slack;
      assert(
        simulated <= most,
        `simulated ${simulated} > owed ${reference.total} × ${this.maxScale}`,
      );
      return;
    }
    assert(
      simulated <= Math.round(reference.total * scale) + slack,
      `simulated ${simulated} > owed ${reference.total} × ${scale}`,
    );
    assert(
      simulated <= Math.round(reference.spans * scale) + slack,
      `simulated ${simulated} > (largest − first) × ${scale}`,
    );
    if (scale > 0 && reference.sinceBaseline > 0 && recorded) {
      // at each rendered frame (where drops are reported): simulated + leftover + dropped = let through
      const accounted = ((loop.time + loop.lag) * 1000) / scale + loop.stats.dropped;
      const owed = reference.total / perMs;
      const tolerance = (2 / scale + 2) / perMs + 1e-9 * owed;
      assert(Math.abs(accounted - owed) <= tolerance, `accounted ${accounted} of ${owed} ms`);
    }
  }
}
