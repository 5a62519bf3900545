/** Rendered frames whose clock readings {@link FrameStats} keeps: fps is averaged over them. */
const WINDOW = 32;
/** `n & MASK` is `n % WINDOW` for the frame counts here (WINDOW is a power of two). */
const MASK = WINDOW - 1;

/**
 * Frame statistics for an overlay or telemetry: what the player saw (fps, frame time) and
 * what the loop did about it (updates per frame, time dropped by the spiral-of-death guards,
 * frames skipped by the FPS cap). A frame only writes its clock reading into a ring and bumps a
 * count; the figures are worked out when read, so keeping them costs the frame almost nothing
 * and reading them allocates nothing.
 *
 * The clock is the loop's own, after its rule for time: it never goes back, so a bad or
 * backwards timestamp shows as a zero-length frame, never as NaN, a negative frame time or an
 * fps of 0. Every figure is a finite number at any time.
 */
export class FrameStats {
  /** Updates (simulation steps) run in the last rendered frame. */
  updates = 0;
  /** Milliseconds of real time dropped since the loop was made. */
  dropped = 0;
  /** Frames rendered since the loop was made. */
  rendered = 0;
  /** Scheduler callbacks skipped by the FPS cap since the loop was made. */
  skipped = 0;
  /** Timestamp of the last rendered frame in ms: the last good one the loop was given; 0 before. */
  now = 0;

  /** Clock readings of the last {@link WINDOW} rendered frames, by `rendered % WINDOW`. */
  private readonly clocks = new Float64Array(WINDOW);
  /** The value of `rendered` at the last resync: frames before it are not measured against. */
  private since = 0;
  /** The fps at the last resync, shown until two frames after it give a new figure. */
  private held = 0;
  /** Milliseconds dropped in the frame numbered {@link dropFrame} (kept off the hot path). */
  private lastDrop = 0;
  // Stryker disable next-line UnaryOperator: `+1` names frame 1 before any drop; lastDrop is 0 until the first drop, and both readers (droppedLast, drop) give lastDrop or 0, so 0 either way
  private dropFrame = -1;

  /** `perMs`: clock units per millisecond (1 when the clock counts milliseconds). */
  constructor(private readonly perMs = 1) {}

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

  /**
   * Milliseconds from the last rendered frame to the clock reading `clock`; Infinity when no
   * frame rendered since the last resync. The loop hands it to the FPS cap when one starts.
   */
  sinceFrame(clock: number): number {
    return this.rendered > this.since
      ? (clock - this.at(0)) / this.perMs
      : Number.POSITIVE_INFINITY;
  }

  /** Milliseconds dropped in the last rendered frame by `maxDelta` and `maxSteps`. */
  get droppedLast(): number {
    return this.dropFrame === this.rendered ? this.lastDrop : 0;
  }

  /**
   * Records a rendered frame: its timestamp `now` in ms, the loop's `clock` (in units of
   * `perMs`, never going back) and the `updates` it ran.
   */
  frame(now: number, clock: number, updates: number): void {
    this.clocks[++this.rendered & MASK] = clock;
    this.now = now;
    this.updates = updates;
  }

  /** Adds `ms` of real time dropped in the frame about to be recorded by {@link frame}. */
  drop(ms: number): void {
    const frame = this.rendered + 1;
    this.lastDrop = (this.dropFrame === frame ? this.lastDrop : 0) + ms;
    this.dropFrame = frame;
    this.dropped += ms;
  }

  /** Forgets the frames so far, so a pause is not measured as one long frame. */
  resync(): void {
    this.held = this.fps;
    this.since = this.rendered;
  }

  /** Clock reading of the frame `back` frames before the last one. */
  private at(back: number): number {
    return this.clocks[(this.rendered - back) & MASK] ?? 0;
  }

  /**
   * Real time in ms across the last `frames` (≥ 1) frame times, if that many were measured since
   * the last resync; else 0.
   */
  private span(frames: number): number {
    if (this.rendered - this.since <= frames) return 0;
    return (this.at(0) - this.at(frames)) / this.perMs;
  }
}
