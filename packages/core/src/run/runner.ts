import { disposedStart } from '../checks.js';
import type { FrameCallback, Scheduler } from './scheduler.js';
import { watchVisibility } from './visibility.js';

/** The frame states of a loop: between frames, in one, and in one that `stop()` ended. */
export const IDLE = 0;
export const IN_FRAME = 1;
export const HALTED = 2;

/**
 * What the frame path and the controls share: the frame state (`phase`) and whether the loop
 * runs. An object, not variables, so the frame path reads it through one register.
 */
export interface Guard {
  phase: number;
  running: boolean;
}

/**
 * Start, stop and dispose of a loop, and what they drive: the scheduler's requests and the
 * page's visibility. While the page is hidden the loop asks for no frame (no work, no battery)
 * and when it shows again `resync` runs first, so the hidden time is not replayed as a burst
 * of catch-up steps. Every control is safe at any moment, between frames or from a hook.
 */
export class Runner {
  /** Set by start(), before any visibility change can be heard. */
  #hidden: boolean | undefined;
  #disposed = false;
  #unwatch: (() => void) | undefined;
  /** Asks for the next frame first, so a hook that stops the loop cancels that request. */
  readonly #onFrame: FrameCallback;

  /**
   * `frame` runs one frame; `resync` forgets the previous frame's timestamp (on start and when
   * a hidden page shows); `watch` stops while the page is hidden (`pauseWhenHidden`).
   */
  constructor(
    private readonly scheduler: Scheduler,
    private readonly guard: Guard,
    private readonly watch: boolean,
    private readonly resync: () => void,
    frame: (now: number) => unknown,
  ) {
    const onFrame: FrameCallback = (now) => {
      scheduler.request(onFrame);
      frame(now);
    };
    this.#onFrame = onFrame;
  }

  /** Starts or resumes; throws after {@link dispose}. */
  start(): void {
    if (this.#disposed) throw disposedStart();
    if (this.guard.running) return;
    this.guard.running = true;
    this.resync();
    if (this.watch && !this.#unwatch) {
      this.#unwatch = watchVisibility((hidden) => this.#onVisibility(hidden));
    }
    this.#hidden =
      this.watch && typeof document !== 'undefined' && document.visibilityState === 'hidden';
    if (!this.#hidden) this.scheduler.request(this.#onFrame);
  }

  /** Stops, keeping all state; from a hook, ends the frame after that hook. */
  stop(): void {
    const g = this.guard;
    g.running = false;
    if (g.phase === IN_FRAME) g.phase = HALTED;
    this.scheduler.cancel();
    this.#unwatch?.();
    this.#unwatch = undefined;
  }

  /** Stops for good: {@link start} throws from now on. */
  dispose(): void {
    this.#disposed = true;
    this.stop();
  }

  /** A scheduler callback that outlived stop(): cancel what it asked for. */
  cancel(): void {
    this.scheduler.cancel();
  }

  // Listened to only while running (start() watches, stop() unwatches).
  #onVisibility(hidden: boolean): void {
    if (hidden === this.#hidden) return;
    this.#hidden = hidden;
    if (hidden) {
      this.scheduler.cancel();
    } else {
      this.resync();
      this.scheduler.request(this.#onFrame);
    }
  }
}
