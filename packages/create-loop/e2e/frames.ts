import type { Page } from 'playwright-core';

/**
 * Frame counts on the page's own clock, for bounds that hold however slow the machine is.
 *
 * The overlay (`[data-loop-stats]`, see the page contract in scaffold.e2e.test.ts) rewrites
 * `data-rendered`, `data-skipped`, `data-fps` and `data-time` about 4 times a second. Its
 * `data-time` is when the refresh ran, not when the frames it counts began: a frame's
 * requestAnimationFrame timestamp (the loop's clock) may precede a refresh that runs before the
 * frame's callbacks. So the recorder also keeps the timestamp of the latest animation frame,
 * from a requestAnimationFrame chain of its own (every callback of one frame gets the same
 * timestamp, and a timer task never runs in the middle of a frame's callbacks): the frames
 * counted between two refreshes began within [frame at the first, frame at the second].
 */

/** One overlay refresh, read in the page as it happened. */
export interface FrameSample {
  /** `data-rendered`: frames the loop has rendered so far. */
  rendered: number;
  /** `data-skipped`: frames the FPS cap has skipped so far. */
  skipped: number;
  /** `data-fps`: the rate the overlay shows. */
  fps: number;
  /** `data-time`: performance.now() of the refresh, in ms. */
  time: number;
  /** Timestamp of the latest animation frame before the refresh, in ms (performance.now() base). */
  frame: number;
  /** Animation frames the browser has run since recording started. */
  rafs: number;
}

interface Recorder {
  samples: FrameSample[];
  frame: number;
  rafs: number;
}

/**
 * Starts recording one `FrameSample` per overlay refresh, in the page (a MutationObserver on
 * the overlay), so that neither the test's scheduling nor its polling enters the figures.
 */
export async function recordFrames(page: Page): Promise<void> {
  await page.evaluate(() => {
    const element = document.querySelector('[data-loop-stats]');
    if (!element) throw new Error('no [data-loop-stats] element');
    const recorder: Recorder = { samples: [], frame: Number.NaN, rafs: 0 };
    (window as unknown as { __frames: Recorder }).__frames = recorder;
    const tick = (timestamp: number) => {
      recorder.frame = timestamp;
      recorder.rafs += 1;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    const read = (name: string) => Number(element.getAttribute(name));
    new MutationObserver(() => {
      if (Number.isNaN(recorder.frame)) return; // no frame seen yet: nothing to anchor it to
      recorder.samples.push({
        rendered: read('data-rendered'),
        skipped: read('data-skipped'),
        fps: read('data-fps'),
        time: read('data-time'),
        frame: recorder.frame,
        rafs: recorder.rafs,
      });
    }).observe(element, { attributes: true, attributeFilter: ['data-time'] });
  });
}

/**
 * Waits (polling, up to `timeoutMs`) until the samples recorded by `recordFrames` span at
 * least `spanMs` of the page's frame clock, and returns them. How long that takes in wall time
 * does not matter: only the page's own clock is compared.
 */
export async function framesOver(
  page: Page,
  spanMs: number,
  timeoutMs: number,
): Promise<FrameSample[]> {
  await page.waitForFunction(
    (span) => {
      const { samples } = (window as unknown as { __frames: Recorder }).__frames;
      return samples.length >= 2 && samples.at(-1)!.frame - samples[0]!.frame >= span;
    },
    spanMs,
    { timeout: timeoutMs, polling: 100 },
  );
  return page.evaluate(() => (window as unknown as { __frames: Recorder }).__frames.samples);
}

/**
 * The most frames a cap of `maxFps` lets begin within a closed span of `spanMs` of the loop's
 * clock. @loop/core's README: "no window of one second holds more than `maxFps + 1` frames
 * (`⌈maxFps⌉ + 1` for a fractional cap)"; ⌊spanMs / 1000⌋ + 1 such windows cover the span.
 */
export function capBound(maxFps: number, spanMs: number): number {
  return (Math.ceil(maxFps) + 1) * (Math.floor(spanMs / 1000) + 1);
}

/**
 * Every pair of samples between which more frames were rendered than `capBound` allows, as
 * readable lines (empty when the cap held). An upper bound: a slow machine renders fewer
 * frames, never more, so this holds under any load.
 */
export function capViolations(samples: readonly FrameSample[], maxFps: number): string[] {
  const found: string[] = [];
  for (let i = 0; i < samples.length; i++) {
    for (let j = i + 1; j < samples.length; j++) {
      const frames = samples[j]!.rendered - samples[i]!.rendered;
      const span = samples[j]!.frame - samples[i]!.frame;
      const bound = capBound(maxFps, span);
      if (frames > bound) {
        found.push(`${frames} frames within ${span.toFixed(1)} ms (at most ${bound})`);
      }
    }
  }
  return found;
}

/** The whole recording in one line of figures, for the log; never asserted. */
export function describeFrames(samples: readonly FrameSample[]): string {
  const first = samples[0]!;
  const last = samples.at(-1)!;
  const span = last.frame - first.frame;
  const perSecond = (count: number) => ((count / span) * 1000).toFixed(2);
  return (
    `${last.rendered - first.rendered} frames rendered over ${span.toFixed(0)} ms of page time ` +
    `(${perSecond(last.rendered - first.rendered)} fps; overlay says ${last.fps.toFixed(2)}), ` +
    `${last.skipped - first.skipped} skipped, browser rAF ${perSecond(last.rafs - first.rafs)}/s`
  );
}
