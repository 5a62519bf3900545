/** Rendered frames whose timestamps {@link FrameStats} keeps: fps is averaged over them. */
const WINDOW = 32;
/** `n & MASK` is `n % WINDOW` for the frame counts here (WINDOW is a power of two). */
const MASK = WINDOW - 1;

/**
 * Frame statistics for an overlay or telemetry: what the player saw (fps, frame time) and
 * what the loop did about it (updates per frame, time dropped by the spiral-of-death guards,
 * frames skipped by the FPS cap). A frame only writes its timestamp into a ring and bumps a
 * count; the figures are worked out when read, so keeping them costs the frame almost nothing
 * and reading them allocates nothing.
 */
export class FrameStats {
  /** Updates (simulation steps) run in the last rendered frame. */
  updates = 0;
  /** Milliseconds of real time dropped since the loop was made. */
  dropped = 0;
  /** Frames rendered (or being rendered) since the loop was made. */
  rendered = 0;
  /** Scheduler callbacks skipped by the FPS cap since the loop was made. */
  skipped = 0;

  /** Timestamps of the last {@link WINDOW} rendered frames, by `rendered % WINDOW`. */
  private readonly times = new Float64Array(WINDOW);
  /** The value of `rendered` at the last resync: frames before it are not measured against. */
  private since = 0;
  /** The fps at the last resync, shown until two frames after it give a new figure. */
  private held = 0;
  /** Milliseconds dropped in the frame numbered {@link dropFrame} (kept off the hot path). */
  private lastDrop = 0;
  private dropFrame = -1;

  /** Timestamp of the last rendered frame in ms (of the current one while it runs); NaN before. */
  get now(): number {
    return this.rendered > this.since ? this.at(0) : Number.NaN;
  }

  /** Real time between the last two rendered frames in ms; 0 until there are two. */
  get frameTime(): number {
    return this.span(1);
  }

  /**
   * Rendered frames per second over the last (up to 31) frame times; 0 until there are two,
   * and the figure from before a pause until two frames after it.
   */
  get fps(): number {
    const frames = Math.min(this.rendered - this.since - 1, WINDOW - 1);
    if (frames < 1) return this.held;
    const ms = this.span(frames);
    return ms > 0 ? (frames * 1000) / ms : 0;
  }

  /** Milliseconds dropped in the last rendered frame by `maxDelta` and `maxSteps`. */
  get droppedLast(): number {
    return this.dropFrame === this.rendered ? this.lastDrop : 0;
  }

  /** Starts a rendered frame at `now` ms. */
  begin(now: number): void {
    this.times[++this.rendered & MASK] = now;
  }

  /** Adds `ms` of real time dropped in the frame begun last. */
  drop(ms: number): void {
    this.lastDrop = this.droppedLast + ms;
    this.dropFrame = this.rendered;
    this.dropped += ms;
  }

  /** Forgets the frames so far, so a pause is not measured as one long frame. */
  resync(): void {
    this.held = this.fps;
    this.since = this.rendered;
  }

  /** Timestamp of the frame `back` frames before the last one. */
  private at(back: number): number {
    return this.times[(this.rendered - back) & MASK] ?? Number.NaN;
  }

  /**
   * Real time across the last `frames` frame times, if that many were measured since the last
   * resync and the clock behaved (a bad or backwards timestamp in between gives 0).
   */
  private span(frames: number): number {
    if (frames < 1 || this.rendered - this.since <= frames) return 0;
    const ms = this.at(0) - this.at(frames);
    return ms > 0 && ms < Number.POSITIVE_INFINITY ? ms : 0;
  }
}
