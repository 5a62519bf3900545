/**
 * Frame statistics for an overlay or telemetry: what the player saw (fps, frame time) and
 * what the loop did about it (updates per frame, time dropped by the spiral-of-death guards,
 * frames skipped by the FPS cap). Updated in place every frame: reading them allocates nothing.
 */
export class FrameStats {
  /** Rendered frames per second, smoothed over about the last 20 frames. */
  fps = 0;
  /** Real time between the last two rendered frames, in milliseconds. */
  frameTime = 0;
  /** Updates (simulation steps) run in the last rendered frame. */
  updates = 0;
  /** Milliseconds dropped in the last frame by `maxDelta` and `maxSteps`. */
  droppedLast = 0;
  /** Milliseconds of real time dropped since the loop was made. */
  dropped = 0;
  /** Frames rendered since the loop was made. */
  rendered = 0;
  /** Scheduler callbacks skipped by the FPS cap since the loop was made. */
  skipped = 0;

  private smoothed = 0;
  private previous = Number.NaN;

  /** Records a rendered frame at `now` that ran `updates` steps and dropped `droppedMs`. */
  record(now: number, updates: number, droppedMs: number): void {
    this.rendered++;
    this.updates = updates;
    this.droppedLast = droppedMs;
    this.dropped += droppedMs;
    const gap = now - this.previous;
    if (Number.isFinite(now)) this.previous = now;
    if (!(gap > 0) || !Number.isFinite(gap)) return;
    this.frameTime = gap;
    this.smoothed = this.smoothed === 0 ? gap : this.smoothed + (gap - this.smoothed) * 0.05;
    this.fps = 1000 / this.smoothed;
  }

  /** Forgets the previous frame time, so a pause is not measured as one long frame. */
  resync(): void {
    this.previous = Number.NaN;
  }
}
