import { describe, expect, it } from 'vitest';
import { useInstantReplay } from './instant-replay.js';
import { useInterpolatedObject } from './interpolated-object.js';
import { served } from './test-worker.js';
import { BODIES, Bodies, mountWorker, Stepper } from './test-worker-mount.js';

/**
 * What <WorkerLoop> refuses: the hooks that step on the page, a layout that does not match the
 * instances drawn, and options of the wrong kind (createWorkerLoop's own checks included).
 */

/** A page-side interpolated object, which <WorkerLoop> refuses. */
function Pose(): null {
  useInterpolatedObject({ current: null });
  return null;
}

/** An instant replay on the page, which <WorkerLoop> refuses: its game steps in the worker. */
function Replay(): null {
  useInstantReplay(
    { saveState: () => new Uint8Array(0), loadState: () => {} },
    { build: 'b', timestep: 1000 / 60 },
  );
  return null;
}

describe('<WorkerLoop>', () => {
  it('refuses the hooks that step on the page, naming the hook', async () => {
    for (const [node, hook] of [
      [<Stepper key="s" />, 'useFixedUpdate'],
      [<Pose key="p" />, 'useInterpolatedObject'],
      [<Replay key="r" />, 'useInstantReplay'],
    ] as const) {
      const game = served(BODIES);
      await expect(mountWorker(node, game)).rejects.toThrow(
        new RegExp(`${hook} runs on the page's fixed steps.*<WorkerLoop>`),
      );
    }
  });

  it('checks the layout against useInterpolatedInstances count', async () => {
    const game = served(BODIES);
    const mesh = { current: null };
    await expect(mountWorker(<Bodies mesh={mesh} count={BODIES + 1} />, game)).rejects.toThrow(
      /positions must hold 3 × 4 numbers, got 9/,
    );
  });

  it('refuses a worker that is not a function, and a snapshot that is not an object', async () => {
    const game = served(BODIES);
    await expect(mountWorker(null, game, { worker: game.worker as never })).rejects.toThrow(
      /WorkerLoop option worker must be a function/,
    );
    await expect(mountWorker(null, game, { snapshot: 3 as never })).rejects.toThrow(
      /WorkerLoop option snapshot must be an object, got 3/,
    );
    // createWorkerLoop's checks run too, and the worker made for them is terminated.
    const bad = served(BODIES);
    await expect(mountWorker(null, bad, { timestep: -1 })).rejects.toThrow(/timestep.*-1/);
    expect(bad.worker.terminated).toBe(true);
  });
});
