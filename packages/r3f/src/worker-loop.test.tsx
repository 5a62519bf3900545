import type { WorkerLoop as CoreWorkerLoop, Snapshot } from '@loop/core/worker';
import { useFrame } from '@react-three/fiber';
import ReactThreeTestRenderer from '@react-three/test-renderer';
import { createRef, type ReactNode, StrictMode, useRef } from 'react';
import type { InstancedMesh } from 'three';
import { describe, expect, it } from 'vitest';
import { useInterpolatedInstances } from './interpolated-instances.js';
import { useInterpolatedObject } from './interpolated-object.js';
import { frame, mount } from './test-support.js';
import { poseLayout, type Served, served, until, xAt } from './test-worker.js';
import { useFixedRender, useFixedUpdate } from './use-fixed-update.js';
import { WorkerLoop, type WorkerLoopProps } from './worker-loop.js';

const BODIES = 3;
type Layout = ReturnType<typeof poseLayout>;
type Frameloop = 'always' | 'demand' | 'never';

interface Drawn {
  alpha: number;
  tick: number;
  x: number[];
}

/** Records what each rendered frame got: alpha, the snapshot's tick, body 0..n's blended x. */
function Recorder({ log }: { log: Drawn[] }): null {
  useFixedRender<Layout>((alpha, snapshot) => {
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

/** Draws the worker's bodies through one InstancedMesh; `mesh` receives it. */
function Bodies({
  mesh,
  count = BODIES,
}: {
  mesh: { current: InstancedMesh | null };
  count?: number;
}) {
  const ref = useRef<InstancedMesh>(null);
  useInterpolatedInstances(ref, count);
  return (
    <instancedMesh
      ref={(m: InstancedMesh | null) => {
        ref.current = m;
        mesh.current = m;
      }}
      args={[undefined, undefined, count]}
    />
  );
}

/** Keeps the snapshot every rendered frame hands useFixedRender. */
function Seen({ seen }: { seen: (Snapshot | null)[] }): null {
  useFixedRender((_alpha, snapshot) => void seen.push(snapshot));
  return null;
}

/** A page-side step, which <WorkerLoop> refuses. */
function Stepper(): null {
  useFixedUpdate(() => {});
  return null;
}

/** A page-side interpolated object, which <WorkerLoop> refuses. */
function Pose(): null {
  useInterpolatedObject({ current: null });
  return null;
}

/** Records R3F's clock at every frame it renders, in seconds. */
function FrameLog({ times }: { times: number[] }): null {
  useFrame((state) => void times.push(state.clock.elapsedTime));
  return null;
}

async function mountWorker(
  children: ReactNode,
  game: Served,
  props: Partial<WorkerLoopProps<Layout>> = {},
  frameloop: Frameloop = 'always',
) {
  const ref = createRef<CoreWorkerLoop | null>();
  const wrap = (given: Partial<WorkerLoopProps<Layout>>) => (
    <WorkerLoop<Layout>
      ref={ref}
      worker={() => game.worker}
      snapshot={poseLayout(BODIES)}
      input={1}
      transport="message"
      pauseWhenHidden={false}
      {...given}
    >
      {children}
    </WorkerLoop>
  );
  const renderer = await ReactThreeTestRenderer.create(wrap(props), { frameloop });
  return {
    renderer,
    ref,
    update: (given: Partial<WorkerLoopProps<Layout>>) => renderer.update(wrap(given)),
  };
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

  it('refuses the hooks that step on the page, naming the hook', async () => {
    for (const [node, hook] of [
      [<Stepper key="s" />, 'useFixedUpdate'],
      [<Pose key="p" />, 'useInterpolatedObject'],
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

  it('leaves one live worker under StrictMode, and a new one for a new option', async () => {
    const games: Served[] = [];
    const make = () => {
      const game = served(BODIES);
      games.push(game);
      return game.worker;
    };
    const ref = createRef<CoreWorkerLoop | null>();
    const tree = (timestep: number) => (
      <StrictMode>
        <WorkerLoop<Layout>
          ref={ref}
          worker={make}
          snapshot={poseLayout(BODIES)}
          transport="message"
          timestep={timestep}
          pauseWhenHidden={false}
        />
      </StrictMode>
    );
    const renderer = await ReactThreeTestRenderer.create(tree(1000 / 60));
    expect(games.filter((g) => !g.worker.terminated)).toHaveLength(1);
    const first = ref.current;
    await renderer.update(tree(1000 / 60)); // same options, a new layout object: same loop
    expect(ref.current).toBe(first);
    expect(games.filter((g) => !g.worker.terminated)).toHaveLength(1);
    const made = games.length;
    await renderer.update(tree(1000 / 30));
    expect(games.length).toBeGreaterThan(made);
    expect(ref.current).not.toBe(first);
    expect(games.filter((g) => !g.worker.terminated)).toHaveLength(1);
    await renderer.unmount();
    expect(games.every((g) => g.worker.terminated)).toBe(true);
  });

  it('pauses and resumes both loops, and sets timeScale and maxFps live', async () => {
    const game = served(BODIES);
    const { renderer, ref, update } = await mountWorker(null, game, { paused: true });
    expect(ref.current?.running).toBe(false);
    const first = ref.current;
    await update({ paused: false, timeScale: 0.5, maxFps: 30 });
    expect(ref.current).toBe(first);
    expect(first?.running).toBe(true);
    expect(first?.timeScale).toBe(0.5);
    expect(first?.maxFps).toBe(30);
    await update({ paused: true, timeScale: 0.5, maxFps: 30 });
    expect(first?.running).toBe(false);
    await renderer.unmount();
  });

  it('passes messages both ways: post() to receive, post back to onMessage', async () => {
    const game = served(BODIES);
    const got: unknown[] = [];
    const { renderer, ref } = await mountWorker(null, game, {
      init: { level: 2 },
      onMessage: (data) => void got.push(data),
    });
    await until(() => game.setupData !== undefined, 'the simulation is set up');
    expect(game.setupData).toEqual({ level: 2 });
    ref.current!.post('hello');
    await until(() => got.length > 0, 'the echo comes back');
    expect(game.received).toEqual(['hello']);
    expect(got).toEqual([{ echo: 'hello' }]);
    await renderer.unmount();
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
