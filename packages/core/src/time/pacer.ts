/**
 * The FPS cap: decides whether a scheduler callback becomes a rendered frame. deWiTTERS' and
 * seed 002's "constant FPS" loops sleep to a frame budget; a browser cannot sleep, so the cap
 * skips callbacks instead, and a skipped callback does nothing beyond this check (battery).
 *
 * Naive caps miss their target: "skip if less than 1000/fps since the last frame" loses a frame
 * whenever vsync arrives a hair early, giving 20–29 fps for a cap of 30 on a 60 Hz display.
 * This one keeps a deadline that advances by exactly one interval per rendered frame (the
 * remainder carries), and accepts a callback that comes up to half a vsync before the deadline,
 * so a cap of 30 renders 30.0 frames per second at 60, 120 and 144 Hz.
 */
export class Pacer {
  /** Milliseconds between rendered frames; 0 means no cap. */
  private interval = 0;
  /** Time at which the next frame is due. */
  private next = Number.NEGATIVE_INFINITY;
  /** Timestamp of the previous callback, rendered or not. */
  private previous = Number.NaN;
  /** Smoothed time between callbacks: the display's vsync period. */
  vsync = 0;

  constructor(maxFps: number) {
    this.setMaxFps(maxFps);
  }

  /** True when a cap is set: without one, every callback renders and {@link ready} is skipped. */
  get capped(): boolean {
    return this.interval !== 0;
  }

  /** Changes the cap; Infinity removes it. */
  setMaxFps(maxFps: number): void {
    this.interval = Number.isFinite(maxFps) ? 1000 / maxFps : 0;
    this.next = Number.NEGATIVE_INFINITY;
  }

  /** Forgets the deadline, so the next callback renders (on start and resume). */
  resync(): void {
    this.next = Number.NEGATIVE_INFINITY;
    this.previous = Number.NaN;
  }

  /** True when the callback at `now` should render; false to skip it. */
  ready(now: number): boolean {
    if (this.interval === 0 || !Number.isFinite(now)) return true;
    const gap = now - this.previous;
    this.previous = now;
    // Learn the vsync period from callback spacing; ignore stalls and the first callback.
    if (gap > 0 && gap < 250)
      this.vsync = this.vsync === 0 ? gap : this.vsync + (gap - this.vsync) * 0.1;
    if (now < this.next - this.vsync * 0.5) return false;
    this.next += this.interval;
    // More than one interval behind (a stall): start over rather than render a burst.
    if (this.next <= now) this.next = now + this.interval;
    return true;
  }
}
