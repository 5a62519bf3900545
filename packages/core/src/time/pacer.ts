/**
 * The FPS cap: decides whether a scheduler callback becomes a rendered frame. deWiTTERS' and
 * Bellot's ("The Game Loop") "constant FPS" loops sleep to a frame budget; a browser cannot
 * sleep, so the cap skips callbacks instead, and a skipped callback does nothing beyond this
 * check (battery).
 *
 * Naive caps miss their target: "skip if less than 1000/fps since the last frame" loses a frame
 * whenever vsync arrives a hair early, giving 20–29 fps for a cap of 30 on a 60 Hz display.
 * This one counts down to a deadline that advances by exactly one interval per rendered frame
 * (the remainder carries), and accepts a callback that comes up to half a vsync before it, so a
 * cap of 30 renders 30.0 frames per second at 60, 120 and 144 Hz.
 *
 * It is fed the time that passed, not timestamps: the loop applies its rule for time first, so
 * a clock that steps back, repeats or gives NaN passes no time here, and the cap neither lets
 * such callbacks through nor stalls after a jump back. Bounds that hold on any clock: a frame
 * may come at most half an interval early and at most half an interval of lateness carries to
 * the next deadline, so no window of one second holds more than `maxFps + 1` frames (for a
 * whole `maxFps`; `ceil(maxFps) + 1` otherwise); and after a frame that came early by some
 * time the next may come as early, so no callback is skipped once a full interval has passed
 * since the last frame.
 */
export class Pacer {
  /** Milliseconds between rendered frames; 0 means no cap. */
  private interval = 0;
  /** Milliseconds left until the next frame is due; 0 or less: due now. */
  private wait = 0;
  /** How early the last rendered frame came, in ms (0 if on time or late). */
  private early = 0;
  /** Milliseconds since the last rendered frame. */
  private since = 0;
  /** True from a resync until the next rendered frame, which is never held back. */
  // Stryker disable next-line BooleanLiteral: `false` is overwritten before anything reads it: the constructor ends with resync(), which sets it to true
  private fresh = true;
  /** Smoothed time between callbacks: the display's vsync period, in ms. */
  vsync = 0;

  /** A pacer whose first callback renders. */
  constructor(maxFps: number) {
    this.setMaxFps(maxFps);
    this.resync();
  }

  /** True when a cap is set: without one, every callback renders and {@link ready} is skipped. */
  get capped(): boolean {
    // Stryker disable next-line ConditionalExpression: `true` makes an uncapped loop ask ready(), which answers true at once for no cap, before it learns anything (equivalent); `false` skips the cap (the loop's cap tests kill it)
    return this.interval !== 0;
  }

  /**
   * Changes the cap; Infinity removes it. The cadence goes on from the last rendered frame: the
   * next is due one new interval after it, never at once, so 30 → 29 does not render two frames
   * a few milliseconds apart. When a cap starts, `sinceFrame` says how long ago that frame was
   * (an uncapped loop does not consult the pacer); Infinity, the default, means none since the
   * last resync, so the next callback renders.
   */
  setMaxFps(maxFps: number, sinceFrame = Number.POSITIVE_INFINITY): void {
    const interval = Number.isFinite(maxFps) ? 1000 / maxFps : 0;
    if (interval === this.interval) return;
    if (this.interval === 0) {
      this.since = sinceFrame;
      this.fresh = !(sinceFrame < Number.POSITIVE_INFINITY);
    }
    this.wait = this.fresh ? 0 : interval - this.since;
    this.early = 0;
    this.interval = interval;
  }

  /** Forgets the deadline, so the next callback renders (on start and resume). */
  resync(): void {
    this.wait = 0;
    this.early = 0;
    this.since = 0;
    this.fresh = true;
  }

  /** True when a callback `elapsed` ms after the previous one should render; false to skip it. */
  ready(elapsed: number): boolean {
    const { interval } = this;
    // Stryker disable next-line ConditionalExpression: `false` only changes a call with no cap, and the loop asks ready() only when `capped` (frame.ts), so never then (equivalent); `true` renders every callback under a cap (the loop's cap tests kill it)
    if (interval === 0) return true;
    // Learn the vsync period from callback spacing; ignore stalls and zero-length frames.
    if (elapsed > 0 && elapsed < 250) {
      this.vsync = this.vsync === 0 ? elapsed : this.vsync + (elapsed - this.vsync) * 0.1;
    }
    const wait = this.wait - elapsed;
    const { early } = this;
    this.since += elapsed;
    // Half a vsync early is on time. After an early frame allow a quarter vsync more: its
    // successor then lands on the same vsync phase, where jitter alone would flip it a vsync
    // later and the spacing would judder (4, 6, 4 vsyncs instead of 5, 5, 5).
    const slack = Math.max(early, Math.min(this.vsync * (early > 0 ? 0.75 : 0.5), interval / 2));
    if (wait > slack) {
      this.wait = wait;
      return false;
    }
    this.early = Math.max(wait, 0);
    this.since = 0;
    this.fresh = false;
    // Lateness carries to the next deadline up to half an interval (vsync phase, jitter); more
    // than a whole interval late is a stall, after which the cadence starts over: no burst.
    this.wait = (wait < -interval ? 0 : Math.max(wait, -interval / 2)) + interval;
    return true;
  }
}
