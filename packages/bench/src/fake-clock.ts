/**
 * A fake display for Node: `requestAnimationFrame`, `cancelAnimationFrame` and
 * `performance.now()` driven by a list of frame timestamps, so every loop under test (ours,
 * kontra, PixiJS) sees exactly the same frames. Nothing else is faked: kontra runs with
 * `blur: true` and `clearCanvas: false`, so it needs no window, document or canvas.
 *
 * The fake itself allocates nothing per frame (callbacks sit in preallocated slots), so the
 * allocation figures belong to the loops, not to the harness.
 */

type RafCallback = (now: number) => void;

/** Most pending callbacks one fake display holds at once; loops keep one. */
const SLOTS = 8;

/** One fake display: a queue of rAF callbacks and the current time. */
export class FakeRaf {
  /** The current time in ms: the timestamp of the frame being fired. */
  now = 0;
  /** Frames fired so far. */
  frames = 0;
  private readonly ids = new Int32Array(SLOTS);
  private readonly pending: (RafCallback | undefined)[] = new Array(SLOTS).fill(undefined);
  private readonly running: (RafCallback | undefined)[] = new Array(SLOTS).fill(undefined);
  private count = 0;
  private nextId = 0;

  /** The global `requestAnimationFrame` while this display is installed. */
  readonly request = (callback: RafCallback): number => {
    if (this.count === SLOTS) throw new Error('FakeRaf: too many pending callbacks');
    this.nextId++;
    this.ids[this.count] = this.nextId;
    this.pending[this.count] = callback;
    this.count++;
    return this.nextId;
  };

  /** The global `cancelAnimationFrame` while this display is installed. */
  readonly cancel = (id: number): void => {
    for (let i = 0; i < this.count; i++) {
      if (this.ids[i] !== id) continue;
      this.count--;
      this.ids[i] = this.ids[this.count]!;
      this.pending[i] = this.pending[this.count];
      this.pending[this.count] = undefined;
      return;
    }
  };

  /** The global `performance` while this display is installed: only `now()` is used. */
  readonly performance = { now: (): number => this.now };

  /** Fires one display refresh at `t` ms: every callback pending before it runs once. */
  fire(t: number): void {
    this.now = t;
    this.frames++;
    const n = this.count;
    for (let i = 0; i < n; i++) {
      this.running[i] = this.pending[i];
      this.pending[i] = undefined;
    }
    this.count = 0;
    for (let i = 0; i < n; i++) {
      const callback = this.running[i]!;
      this.running[i] = undefined;
      callback(t);
    }
  }

  /** Fires every timestamp of `stamps` from index `from` on. */
  play(stamps: ArrayLike<number>, from = 0): void {
    for (let i = from; i < stamps.length; i++) this.fire(stamps[i]!);
  }
}

const globals = globalThis as unknown as Record<string, unknown>;
const NAMES = ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] as const;
let saved: (PropertyDescriptor | undefined)[] | undefined;

/**
 * Makes `raf` the global display: `requestAnimationFrame`, `cancelAnimationFrame` and
 * `performance` point at it until {@link uninstall}. Installing another one swaps it in; the
 * loops waiting on the previous one keep their callbacks there and resume when it is swapped
 * back and fired.
 */
export function install(raf: FakeRaf): void {
  saved ??= NAMES.map((name) => Object.getOwnPropertyDescriptor(globalThis, name));
  const values = [raf.request, raf.cancel, raf.performance];
  NAMES.forEach((name, i) => {
    Object.defineProperty(globalThis, name, {
      value: values[i],
      configurable: true,
      writable: true,
      enumerable: true,
    });
  });
}

/** Puts the real globals back (Node has no rAF: those two are removed again). */
export function uninstall(): void {
  if (!saved) return;
  NAMES.forEach((name, i) => {
    const descriptor = saved![i];
    if (descriptor) Object.defineProperty(globalThis, name, descriptor);
    else delete globals[name];
  });
  saved = undefined;
}

/** Runs `body` with `raf` installed, restoring the real globals afterwards. */
export function withFake<T>(raf: FakeRaf, body: () => T): T {
  install(raf);
  try {
    return body();
  } finally {
    uninstall();
  }
}
