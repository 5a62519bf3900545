import { checkMaxFps, checkTimeScale, workerFailedStart } from '../checks.js';
import type { Loop } from '../loop.js';
import { watchVisibility } from '../run/visibility.js';
import type { WorkerHealth } from './health.js';
import type { SnapshotLayout } from './layout.js';
import type { WorkerLoop } from './page.js';
import type { PageDrawer } from './page-draw.js';
import type { WorkerLike } from './page-options.js';

/** What a worker loop's controls drive: the page's frames, the worker and its messages. */
export interface ControlParts<L extends SnapshotLayout> {
  /** The page's own loop, which runs its frames. */
  readonly page: Loop;
  readonly worker: WorkerLike;
  readonly drawer: PageDrawer<L>;
  readonly health: WorkerHealth;
  /** Pause the worker too while the page is hidden. */
  readonly watch: boolean;
  /** Sends the worker a message of the protocol. */
  post(message: object, transfer?: Transferable[]): void;
  /** True once the simulation failed to start: `start()` refuses. */
  failed(): boolean;
  /** Stops listening to the worker. */
  unlisten(): void;
}

/**
 * The {@link WorkerLoop} object: start, stop and dispose on both sides of the boundary, the
 * page's hidden state sent to the worker, and the figures and setters a game reads and writes.
 */
export function workerControls<L extends SnapshotLayout>(parts: ControlParts<L>): WorkerLoop {
  const { page, worker, drawer, health, post } = parts;
  let unwatch: (() => void) | undefined;
  let disposed = false;
  const stopWatching = () => {
    unwatch?.();
    unwatch = undefined;
  };
  const controls: WorkerLoop = {
    start() {
      if (parts.failed()) throw workerFailedStart();
      page.start();
      post({ t: 'start' });
      if (parts.watch && !unwatch) {
        unwatch = watchVisibility((hidden) => {
          post({ t: hidden ? 'stop' : 'start' });
          if (hidden) page.stop();
          else page.start();
        });
      }
      return controls;
    },
    stop() {
      page.stop();
      post({ t: 'stop' });
      stopWatching();
      return controls;
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      page.dispose();
      stopWatching();
      parts.unlisten();
      post({ t: 'dispose' });
      worker.terminate();
    },
    frame: (now) => page.frame(now),
    get running() {
      return page.running;
    },
    stats: page.stats,
    health,
    get tick() {
      return health.tick;
    },
    get timeScale() {
      return drawer.scale;
    },
    set timeScale(value) {
      drawer.scale = checkTimeScale(value);
      post({ t: 'scale', value: drawer.scale });
    },
    get maxFps() {
      return page.maxFps;
    },
    set maxFps(value) {
      page.maxFps = checkMaxFps(value);
    },
    post(data, transfer = []) {
      post({ t: 'user', data }, transfer);
    },
  };
  return controls;
}
