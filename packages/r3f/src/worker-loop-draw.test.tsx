import type { Snapshot } from '@loop/core/worker';
import { useFrame } from '@react-three/fiber';
import type { InstancedMesh } from 'three';
import { describe, expect, it } from 'vitest';
import { frame, mount } from './test-support.js';
import { type Served, served, until, xAt } from './test-worker.js';
import { BODIES, Bodies, mountWorker, type PoseLayout } from './test-worker-mount.js';
import { useFixedRender } from './use-fixed-update.js';

/**
 * What <WorkerLoop> draws: the worker's snapshots blended by alpha through useFixedRender and an
 * InstancedMesh, a snapshot there (null under <FixedLoop>), and frames from its own scheduler
 * under frameloop="never".
 */

interface Drawn {
  alpha: number;
  tick: number;
  x: number[];
}

/** Records what each rendered frame got: alpha, the snapshot's tick, body 0..n's blended x. */
function Recorder({ log }: { log: Drawn[] }): null {
  useFixedRender<PoseLayout>((alpha, snapshot) => {
    if (snapshot === null) throw new Error('no snapshot under <WorkerLoop>');
    const { prev, curr } = snapshot;
    const x: number[] = [];
    for (let i = 0; i < BODIES; i++) {
      const a = prev.positions[3 * i]!;
      x.push(a + (curr.positions[3 * i]! - a) * alpha);
    }
    log.push({ alpha, tick: snapshot.tick, x });
  });
  return null;
}

/** Keeps the snapshot every rendered frame hands useFixedRender. */
function Seen({ seen }: { seen: (Snapshot | null)[] }): null {
  useFixedRender((_alpha, snapshot) => void seen.push(snapshot));
  return null;
}

/** Records R3F's clock at every frame it renders, in seconds. */
function FrameLog({ times }: { times: number[] }): null {
  useFrame((state) => void times.push(state.clock.elapsedTime));
  return null;
}

/** Fires the worker's step at `now` and renders frames until the page draws `tick`. */
async function stepTo(
  game: Served,
  draw: () => void,
  log: Drawn[],
  now: number,
  tick: number,
): Promise<void> {
  game.frames.fire(now);
  await until(() => {
    draw();
    return log.length > 0 && log[log.length - 1]!.tick >= tick;
  }, `the page draws tick ${tick}`);
}

describe('<WorkerLoop>', () => {
  it('draws the worker snapshots with alpha through useFixedRender and an InstancedMesh', async () => {
    const game = served(BODIES);
    const log: Drawn[] = [];
    const mesh = { current: null as InstancedMesh | null };
    const { renderer, ref } = await mountWorker(
      <>
        <Recorder log={log} />
        <Bodies mesh={mesh} />
      </>,
      game,
    );
    const draw = () => void renderer.advanceFrames(1, 1 / 60);
    await until(() => game.frames.pending, 'the worker loop starts');
    const t0 = performance.now();
    await stepTo(game, draw, log, t0, 0);
    for (let k = 1; k <= 3; k++) await stepTo(game, draw, log, t0 + (k * 1000) / 60, k);
    expect(ref.current?.tick).toBeGreaterThanOrEqual(3);
    const last = log[log.length - 1]!;
    expect(last.alpha).toBeGreaterThanOrEqual(0);
    expect(last.alpha).toBeLessThanOrEqual(1);
    // Every drawn x lies between the two halves of its tick's snapshot: tick-1 and tick.
    for (const d of log.filter((entry) => entry.tick > 0)) {
      for (let i = 0; i < BODIES; i++) {
        expect(d.x[i]!).toBeGreaterThanOrEqual(xAt(d.tick - 1, i) - 1e-9);
        expect(d.x[i]!).toBeLessThanOrEqual(xAt(d.tick, i) + 1e-9);
      }
    }
    // The instance matrices hold the same blend: translation x is element 12 of each matrix.
    const array = mesh.current!.instanceMatrix.array;
    for (let i = 0; i < BODIES; i++) expect(array[16 * i + 12]).toBeCloseTo(last.x[i]!, 5);
    expect(array[16 * 1 + 12]! - array[12]!).toBeCloseTo(1, 5); // body 1 is 1 m ahead of body 0
    await renderer.unmount();
    expect(game.worker.terminated).toBe(true);
  });

  it('gives useFixedRender a null snapshot under <FixedLoop> and a snapshot here', async () => {
    const game = served(BODIES);
    const seen: (Snapshot | null)[] = [];
    const { renderer } = await mountWorker(<Seen seen={seen} />, game);
    await until(() => game.frames.pending, 'the worker loop starts');
    game.frames.fire(performance.now());
    await until(() => {
      void renderer.advanceFrames(1, 1 / 60);
      return seen.length > 0;
    }, 'a frame is drawn');
    expect(seen[0]).not.toBeNull();
    expect(seen[0]!.curr.positions).toBeInstanceOf(Float32Array);
    await renderer.unmount();
    seen.length = 0;
    const fixed = await mount(<Seen seen={seen} />, { timestep: 1000 / 60 });
    frame(fixed.renderer, 1 / 60);
    frame(fixed.renderer, 1 / 60);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((s) => s === null)).toBe(true);
    await fixed.renderer.unmount();
  });

  it('under frameloop="never" calls advance() in seconds from its own scheduler', async () => {
    const game = served(BODIES);
    const log: Drawn[] = [];
    const times: number[] = [];
    const { renderer, ref } = await mountWorker(
      <>
        <Recorder log={log} />
        <FrameLog times={times} />
      </>,
      game,
      { scheduler: 'manual' },
      'never',
    );
    await until(() => game.frames.pending, 'the worker loop starts');
    game.frames.fire(performance.now());
    const loop = ref.current!;
    await until(() => {
      loop.frame(performance.now());
      return log.length > 0;
    }, 'a frame is drawn');
    expect(times).toHaveLength(log.length); // one advance() per rendered frame
    expect(times[times.length - 1]).toBeCloseTo(loop.stats.now / 1000, 9);
    await renderer.unmount();
  });
});
