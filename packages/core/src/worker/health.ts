import type { Transport } from './transport.js';

/** Snapshots whose tick and worker time the tick rate is measured over. */
const WINDOW = 32;
const MASK = WINDOW - 1;

/**
 * How the snapshots reach the page, for an overlay or a test: which transport runs, the
 * newest tick, the worker's tick rate, and the buffer's health (frames drawn late on a held
 * pose, frames that reused a snapshot, snapshots never seen). Counters only; the rate is worked
 * out when read, from the worker's own timestamps, so a page that is blocked does not make the
 * worker look slow.
 */
export class WorkerHealth {
  /** `shared` (SharedArrayBuffer triple buffer) or `message` (transferred ArrayBuffers). */
  readonly transport: Transport;
  /** Tick of the newest snapshot the page holds. */
  tick = 0;
  /** Snapshots the page acquired. */
  snapshots = 0;
  /**
   * Frames drawn after the newest snapshot ran out (its time reached, no newer one yet): the
   * pose was held, never extrapolated. A worker that keeps up leaves this near 0.
   */
  late = 0;
  /** Frames that found no new snapshot and drew the held one again (normal above the step rate). */
  reused = 0;
  /** Ticks published that the page never acquired (several steps between two frames). */
  skipped = 0;
  /** Milliseconds the worker's last step took (its `update`). */
  stepMs = 0;
  /**
   * ArrayBuffers the message transport has made in all, the worker's for snapshots and the
   * page's for input: a handful while the page keeps up, since every buffer read goes back to
   * be written again; more only while the page is blocked. 0 on the shared transport, whose
   * memory is fixed when the loop is made.
   */
  buffers = 0;

  private readonly ticks = new Float64Array(WINDOW);
  private readonly times = new Float64Array(WINDOW);

  constructor(transport: Transport) {
    this.transport = transport;
  }

  /**
   * Ticks per second of real time in the worker, over the last (up to 31) snapshots acquired:
   * the step rate when it keeps up, whatever the page does. 0 until two snapshots.
   */
  get ticksPerSecond(): number {
    const n = Math.min(this.snapshots - 1, MASK);
    const last = (this.snapshots - 1) & MASK;
    const first = (this.snapshots - 1 - n) & MASK;
    const ms = this.times[last]! - this.times[first]!;
    return ms > 0 ? ((this.ticks[last]! - this.ticks[first]!) * 1000) / ms : 0;
  }

  /** A snapshot acquired: its tick and when the worker published it (worker ms). */
  acquired(tick: number, publishedAt: number, stepMs: number): void {
    // Stryker disable next-line EqualityOperator: `tick >= this.tick + 1` differs only at tick = this.tick + 1, where it adds 0 (equivalent); `tick <= …`, `snapshots >= 0` and `snapshots <= 0` miscount (health.test.ts kills them)
    if (this.snapshots > 0 && tick > this.tick + 1) this.skipped += tick - this.tick - 1;
    const i = this.snapshots & MASK;
    this.ticks[i] = tick;
    this.times[i] = publishedAt;
    this.snapshots++;
    this.tick = tick;
    this.stepMs = stepMs;
  }
}
