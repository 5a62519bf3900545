import { SnapshotBuffer } from '../blend/snapshot-buffer.js';
import type { WorkerHealth } from './health.js';
import type { SlotView, SnapshotLayout } from './layout.js';
import * as H from './layout.js';
import type { PageEnds } from './page-ends.js';
import type { CheckedWorkerOptions, Snapshot } from './page-options.js';

/** What a worker loop's page frames draw with; see {@link pageDrawer}. */
export interface PageDrawer<L extends SnapshotLayout> {
  /** What `render` gets: the same object, and the same arrays, every frame. */
  readonly snapshot: Snapshot<L>;
  /** The worker is ready; `origin` is its `performance.timeOrigin`. Frames draw from now on. */
  ready(origin: number): void;
  /** Takes the newest snapshot, if any, and renders the pair at the real time `now`. */
  draw(now: number): void;
  /** The page's time scale: 0 holds the blend where it is. */
  scale: number;
}

/**
 * The page's half of the snapshots: each frame takes the newest one the transport holds and
 * copies it into the page's own slot, then hands `render` the pair with `alpha`, the real time
 * since it was published over one step (a two-frame `SnapshotBuffer` sampled at that time, as
 * a network client samples its server's snapshots). When no newer snapshot came in time it
 * holds the newest pose (alpha 1, counted in `health.late`), never extrapolating.
 *
 * Why a copy: `render` gets the same arrays every frame on either transport, rewritten in place
 * with each new snapshot. Without it a kept array would read a later step on the shared
 * transport (a slot the worker writes again) and nothing on the message one (a buffer given
 * back, so detached). One slot's bytes a frame is a memcpy of microseconds, nothing allocated.
 */
export function pageDrawer<L extends SnapshotLayout>(
  checked: CheckedWorkerOptions<L>,
  ends: PageEnds<L>,
  health: WorkerHealth,
): PageDrawer<L> {
  const render = checked.given.render;
  const held: SlotView<L> = H.viewSlot(checked.plan, new ArrayBuffer(checked.plan.slotBytes));
  const header = held.header;
  let offset = 0;
  let live = false;
  let progress = 0;
  let last = Number.NaN;
  // The snapshot's `prev` (frame 0) and `curr` (frame 1), one step apart, sampled at `progress`:
  // the snapshot interpolation a network client runs over its server's snapshots.
  // Stryker disable next-line ArrowFunction: `() => undefined` makes frames that nothing reads (the slot holds the states; only the pair's times and t are used), and the pair is never handed out
  const pair = new SnapshotBuffer((index) => index, 2);
  pair.push(0);
  pair.push(checked.time.timestep);

  const snapshot: Snapshot<L> = {
    prev: held.prev,
    curr: held.curr,
    get tick() {
      return header[H.TICK]!;
    },
    get time() {
      return header[H.TIME]!;
    },
    get inputSeq() {
      return header[H.INPUT_SEQ]!;
    },
    get publishedAt() {
      return header[H.PUBLISHED_AT]! + offset;
    },
  };
  const drawer: PageDrawer<L> = {
    snapshot,
    scale: checked.time.timeScale,
    ready(origin) {
      offset = origin - performance.timeOrigin;
      live = true;
    },
    draw(now) {
      if (!live) return;
      if (ends.snapshots.acquire()) {
        held.bytes.set(ends.snapshots.front.bytes);
        health.acquired(header[H.TICK]!, header[H.PUBLISHED_AT]!, header[H.STEP_MS]!);
        const s = drawer.scale === 0 ? 0 : header[H.SCALE]!;
        progress = Math.max(0, now - (header[H.PUBLISHED_AT]! + offset)) * s;
      } else {
        health.reused++;
        const s = drawer.scale === 0 ? 0 : header[H.SCALE]!;
        // Stryker disable next-line EqualityOperator: `now >= last` differs only at now = last, where the blend moves by 0 (equivalent); `now <= last` blends backwards (page-control.test.ts kills it)
        if (now > last) progress += (now - last) * s;
      }
      last = now;
      health.buffers = header[H.BUFFERS]! + ends.inputs.allocated;
      if (pair.sample(progress) === 'starved') health.late++;
      render?.(snapshot, pair.t);
    },
  };
  return drawer;
}
