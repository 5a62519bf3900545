/** The parts of a lab frame the bench times separately. */
export const SECTIONS = ['simulation', 'lanes canvas', 'plots', 'figures table'] as const;

/** Frames a probe can record (about 27 minutes at 60 Hz). */
const CAPACITY = 100_000;

/**
 * Times the lab's own JavaScript per screen refresh, by section, when the page is opened with
 * `?bench` (bench/run.mjs reads it as `window.labBench`). Off, it costs one branch per call. The
 * times go into preallocated typed arrays, so measuring allocates nothing either.
 */
export class BenchProbe {
  private readonly times: Float64Array;
  private count = 0;
  private start = 0;
  private last = 0;

  constructor(readonly enabled: boolean) {
    this.times = new Float64Array(enabled ? CAPACITY * (SECTIONS.length + 1) : 0);
    if (enabled) {
      Object.assign(window, {
        labBench: {
          sections: SECTIONS,
          /** Frames recorded since the last reset. */
          count: () => this.count,
          /** Per frame: total ms, then ms per section. */
          frames: () => {
            const stride = SECTIONS.length + 1;
            const out: number[][] = [];
            for (let i = 0; i < this.count; i++) {
              out.push(Array.from(this.times.subarray(i * stride, (i + 1) * stride)));
            }
            return out;
          },
          reset: () => {
            this.count = 0;
          },
        },
      });
    }
  }

  /** Starts a frame. */
  begin(): void {
    if (!this.enabled) return;
    this.start = performance.now();
    this.last = this.start;
  }

  /** Ends section `index` of {@link SECTIONS}. */
  lap(index: number): void {
    if (!this.enabled || this.count >= CAPACITY) return;
    const now = performance.now();
    this.times[this.count * (SECTIONS.length + 1) + 1 + index] = now - this.last;
    this.last = now;
  }

  /** Ends the frame. */
  end(): void {
    if (!this.enabled || this.count >= CAPACITY) return;
    this.times[this.count * (SECTIONS.length + 1)] = performance.now() - this.start;
    this.count++;
  }
}
