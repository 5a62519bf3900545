import type { Loop } from '@loop/core';
import type { WorkerLoop } from '@loop/core/worker';
import { figuresText, type PhysicsFigures } from './figures.js';
import { TickRate } from './tick-rate.js';

/**
 * The stats overlay's physics lines for a loop in either mode (`createStatsOverlay`'s `lines`
 * of `@loop/core/dom`): where the simulation runs, read from the loop itself (`main thread`,
 * or `worker (shared)` / `worker (message)` with the transport its health reports), the ticks
 * per second measured between two readings ({@link TickRate}), the physics `figures()`, and in
 * worker mode how its snapshots fared. `now` is the clock the rate is measured on.
 */
export function overlayLines(
  loop: Loop | WorkerLoop,
  figures: () => PhysicsFigures,
  keyframeSeconds: number,
  now: () => number = () => performance.now(),
): () => string {
  if (typeof figures !== 'function') {
    throw new RangeError(`overlayLines figures must be a function, got ${String(figures)}`);
  }
  const rate = new TickRate();
  const health = 'health' in loop ? loop.health : undefined;
  const where = health ? `worker (${health.transport})` : 'main thread';
  return () => figuresText(where, rate.read(loop.tick, now()), figures(), keyframeSeconds, health);
}
