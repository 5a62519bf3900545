/**
 * Frame-timestamp traces: the displays every loop is driven by. All are deterministic (a
 * seeded generator), start at 1000 ms like a page that has been open a second, and are plain
 * Float64Arrays so replaying one allocates nothing.
 */

/** A named list of frame timestamps in milliseconds. */
export interface Trace {
  readonly name: string;
  readonly stamps: Float64Array;
}

const START = 1000;

/**
 * A small seeded generator (a 32-bit LCG, Numerical Recipes constants) returning uniform
 * numbers in [-1, 1): the same seed always gives the same trace, so a figure can be replayed.
 */
export function noise(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return (s / 2 ** 32) * 2 - 1;
  };
}

/**
 * A display at `hz` for `seconds`, each vsync displaced by up to ±`jitterMs` (uniform). The
 * displacement is per frame, not cumulative: a real vsync clock does not drift.
 */
export function display(hz: number, seconds: number, jitterMs = 0, seed = 1): Float64Array {
  const n = Math.round(hz * seconds) + 1;
  const stamps = new Float64Array(n);
  const rand = noise(seed);
  for (let i = 0; i < n; i++) stamps[i] = START + (i * 1000) / hz + (i > 0 ? rand() * jitterMs : 0);
  return stamps;
}

/**
 * A 30 Hz display where about 1 frame in 30 is a spike (a GC pause, a slow frame) of 50–400 ms:
 * the spike delays every later frame. Some spikes exceed 250 ms (the usual maxDelta) and some
 * 1000/6 ms (10 steps of 1/60 s: maxSteps), so the spiral-of-death guards drop time.
 */
export function spiky(seconds: number, seed = 7): Float64Array {
  const rand = noise(seed);
  const out: number[] = [START];
  let t = START;
  while (t < START + seconds * 1000) {
    let gap = 1000 / 30;
    if (rand() > 1 - 2 / 30) gap += 50 + ((rand() + 1) / 2) * 350;
    t += gap;
    out.push(t);
  }
  return Float64Array.from(out);
}

/**
 * A 60 Hz display with one hidden-tab gap: `before` seconds of frames, no frame for `gapMs`
 * (rAF stops in a hidden tab), then `after` seconds more. No visibilitychange event is sent,
 * which is what a loop sees when the page never reported itself hidden.
 */
export function hiddenTab(before: number, gapMs: number, after: number): Float64Array {
  const a = display(60, before);
  const b = display(60, after);
  const out = new Float64Array(a.length + b.length);
  out.set(a);
  const shift = a[a.length - 1]! + gapMs - START;
  for (let i = 0; i < b.length; i++) out[a.length + i] = b[i]! + shift;
  return out;
}

/**
 * The displayed-motion traces. `scale` multiplies every duration (1 = about 20 s each; the
 * test uses a small fraction).
 */
export function motionTraces(scale = 1): Trace[] {
  const s = (seconds: number) => Math.max(0.5, seconds * scale);
  return [
    { name: '60 Hz', stamps: display(60, s(20)) },
    { name: '144 Hz', stamps: display(144, s(20)) },
    { name: '60 Hz ±2 ms jitter', stamps: display(60, s(20), 2, 11) },
    { name: '50 Hz display', stamps: display(50, s(20)) },
    { name: '30 Hz + spikes', stamps: spiky(s(20)) },
    { name: 'hidden tab (5 s gap)', stamps: hiddenTab(s(10), 5000, s(10)) },
  ];
}

/** The FPS-cap traces: 60, 120 and 144 Hz with ±0.3 ms jitter. */
export function capTraces(seconds = 60): Trace[] {
  return [60, 120, 144].map((hz) => ({
    name: `${hz} Hz ±0.3 ms`,
    stamps: display(hz, seconds, 0.3, hz),
  }));
}
