/**
 * Frame statistics for an overlay or telemetry: what the player saw (fps, frame time) and
 * what the loop did about it (updates per frame, time dropped by the spiral-of-death guards,
 * frames skipped by the FPS cap). Updated in place every frame: reading them allocates nothing.
 */
export class FrameStats {
  /** Real time between the last two rendered frames, in milliseconds. */
  frameTime = 0;
  /** Updates (simulation steps) run in the last rendered frame. */
  updates = 0;
  /** Milliseconds of real time dropped since the loop was made. */
  dropped = 0;
  /** Frames rendered since the loop was made. */
  rendered = 0;
  /** Scheduler callbacks skipped by the FPS cap since the loop was made. */
  skipped = 0;

  private smoothed = 0;
  /** Milliseconds dropped in the frame numbered {@link dropFrame} (kept off the hot path). */
  private lastDrop = 0;
  private dropFrame = -1;
  private previous = Number.NaN;

  /** Milliseconds dropped in the last rendered frame by `maxDelta` and `maxSteps`. */
  get droppedLast(): number {
    return this.dropFrame === this.rendered ? this.lastDrop : 0;
  }

  /** Rendered frames per second, smoothed over about the last 20 frames (computed on read). */
  get fps(): number {
    return this.smoothed > 0 ? 1000 / this.smoothed : 0;
  }

  /** Records a rendered frame at `now` that ran `updates` steps. */
  record(now: number, updates: number): void {
    this.rendered++;
    this.updates = updates;
    const gap = now - this.previous;
    this.previous = now;
    // NaN when either timestamp is bad, negative when the clock went back: not a frame time.
    if (gap > 0 && gap < Number.POSITIVE_INFINITY) {
      this.frameTime = gap;
      this.smoothed = this.smoothed === 0 ? gap : this.smoothed + (gap - this.smoothed) * 0.05;
    }
  }

  /** Adds `ms` of real time dropped in the frame about to be recorded. */
  drop(ms: number): void {
    const frame = this.rendered + 1;
    this.lastDrop = this.dropFrame === frame ? this.lastDrop + ms : ms;
    this.dropFrame = frame;
    this.dropped += ms;
  }

  /** Forgets the previous frame time, so a pause is not measured as one long frame. */
  resync(): void {
    this.previous = Number.NaN;
  }
}
