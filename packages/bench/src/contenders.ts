/**
 * The loops measured for overhead and allocation, each with the same trivial update and render
 * hooks and each driven by its own fake display at 60 Hz: a bare rAF loop (the floor),
 * `@loop/core`, kontra's `GameLoop` and PixiJS's `Ticker`.
 */
import { createBasicLoop, createLoop } from '@loop/core';
import { Ticker } from '@pixi/ticker';
import { GameLoop } from 'kontra/kontra.mjs';
import { FakeRaf, install, uninstall } from './fake-clock.js';

/** 60 Hz vsync period in ms. */
const PERIOD = 1000 / 60;
const START = 1000;

/** What the trivial hooks write, so the work they stand for cannot be optimized away. */
export class Sink {
  updates = 0;
  renders = 0;
  last = 0.5;
}

/** One loop under test, running on its own fake display. */
export interface Contender {
  readonly name: string;
  readonly sink: Sink;
  /** Makes this contender's display the global one: call before {@link Contender.run}. */
  activate(): void;
  /** Fires `frames` more 60 Hz frames; allocates nothing itself once optimized. */
  run(frames: number): void;
  /**
   * Fires `frames` frames in many short calls, so V8 optimizes `run` as a whole function and
   * the measured call starts in optimized code (one long call only gets on-stack replacement).
   */
  warm(frames: number): void;
  /** Stops the loop (on its own display, so it cancels its own callback). */
  stop(): void;
}

type Start = (sink: Sink) => () => void;

function contender(name: string, start: Start): Contender {
  const raf = new FakeRaf();
  const sink = new Sink();
  let frame = 0;
  install(raf);
  raf.now = START;
  const stop = start(sink);
  return {
    name,
    sink,
    activate: () => install(raf),
    run(frames) {
      for (let i = 0; i < frames; i++) {
        frame++;
        raf.fire(START + frame * PERIOD);
      }
    },
    warm(frames) {
      install(raf);
      for (let done = 0; done < frames; done += 1000) this.run(1000);
    },
    stop() {
      install(raf);
      stop();
    },
  };
}

/** The floor: a bare rAF loop calling the same update and render once per frame. */
export function bareRaf(): Contender {
  return contender('bare rAF loop (floor)', (sink) => {
    let running = true;
    const update = (_dt: number) => {
      sink.updates++;
    };
    const render = (alpha: number) => {
      sink.renders++;
      sink.last = alpha;
    };
    const frame = (_t: number) => {
      if (!running) return;
      requestAnimationFrame(frame);
      update(1 / 60);
      render(0.5);
    };
    requestAnimationFrame(frame);
    return () => {
      running = false;
    };
  });
}

// Each contender writes its own hook functions, as a game does: hooks shared between two loops
// would make their call sites polymorphic and slow down whichever loop is measured second.

/** `@loop/core` createBasicLoop: the fixed-step accumulator with interpolation, on rAF. */
export function loopBasic(): Contender {
  return contender('@loop/core createBasicLoop', (sink) => {
    const loop = createBasicLoop({
      update: () => {
        sink.updates++;
      },
      render: (alpha) => {
        sink.renders++;
        sink.last = alpha;
      },
    }).start();
    return () => loop.stop();
  });
}

/** `@loop/core` createLoop: the same accumulator plus hooks, stats, FPS cap and visibility. */
export function loopCore(): Contender {
  return contender('@loop/core createLoop', (sink) => {
    const loop = createLoop({
      scheduler: 'raf',
      update() {
        sink.updates++;
      },
      render(alpha) {
        sink.renders++;
        sink.last = alpha;
      },
    }).start();
    return () => loop.stop();
  });
}

/** kontra 10 `GameLoop`: fixed 1/60 s updates; `blur: true`/no canvas so no DOM is needed. */
export function kontraLoop(): Contender {
  return contender('kontra GameLoop', (sink) => {
    const loop = GameLoop({
      blur: true,
      clearCanvas: false,
      update() {
        sink.updates++;
      },
      render() {
        sink.renders++;
        sink.last = 0.5;
      },
    });
    loop.start();
    return () => loop.stop();
  });
}

/** PixiJS 7 `Ticker`: one listener doing a variable-step update and the render. */
export function pixiTicker(): Contender {
  return contender('PixiJS Ticker', (sink) => {
    const ticker = new Ticker();
    ticker.add((delta: number) => {
      sink.updates++;
      sink.renders++;
      sink.last = delta;
    });
    ticker.start();
    return () => ticker.destroy();
  });
}

/** Every contender's factory, the floor first. */
export const CONTENDERS: readonly (() => Contender)[] = [
  bareRaf,
  loopBasic,
  loopCore,
  kontraLoop,
  pixiTicker,
];

/**
 * Runs `body` with every contender (floor first), then stops them all and puts the real
 * globals back.
 */
export function withContenders<T>(body: (contenders: Contender[]) => T): T {
  const contenders: Contender[] = [];
  try {
    for (const make of CONTENDERS) contenders.push(make());
    return body(contenders);
  } finally {
    for (const c of contenders) c.stop();
    uninstall();
  }
}
