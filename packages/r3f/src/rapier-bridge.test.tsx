import type { Loop } from '@loop/core';
import { Physics, type RapierRigidBody } from '@react-three/rapier';
import ReactThreeTestRenderer from '@react-three/test-renderer';
import { createRef, Suspense } from 'react';
import { type InstancedMesh, Matrix4, Quaternion, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { FixedLoop } from './fixed-loop.js';
import { InterpolatedBodies, StepPhysics } from './test-rapier-bridge.js';
import { frame } from './test-support.js';
import { useFixedUpdate } from './use-fixed-update.js';

const STEP = 1000 / 60;
const BODIES = 4;

/** Bodies falling side by side from 10 m, none touching: free fall, so every pose is known. */
const instances = Array.from({ length: BODIES }, (_, i) => ({
  key: `box-${i}`,
  position: [3 * i, 10, 0] as [number, number, number],
}));

/** Counts the fixed steps. */
function Steps({ log }: { log: { steps: number } }): null {
  useFixedUpdate(() => {
    log.steps++;
  });
  return null;
}

async function mountBridge() {
  const loop = createRef<Loop | null>();
  const ready: { mesh?: InstancedMesh; bodies?: RapierRigidBody[] } = {};
  const log = { steps: 0 };
  const renderer = await ReactThreeTestRenderer.create(
    <FixedLoop ref={loop} timestep={STEP} maxSteps={3} pauseWhenHidden={false}>
      <Suspense fallback={null}>
        <Physics paused timeStep="vary" gravity={[0, -9.81, 0]}>
          <StepPhysics />
          <Steps log={log} />
          <InterpolatedBodies
            instances={instances}
            onReady={(mesh, bodies) => Object.assign(ready, { mesh, bodies })}
          >
            <boxGeometry />
          </InterpolatedBodies>
        </Physics>
      </Suspense>
    </FixedLoop>,
    { frameloop: 'always' },
  );
  // Physics suspends while Rapier's WebAssembly loads: frames until the bodies are read once.
  for (let i = 0; i < 500 && ready.mesh === undefined; i++) {
    await ReactThreeTestRenderer.act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    frame(renderer, 1 / 60);
  }
  if (ready.mesh === undefined) throw new Error('the bodies were never read');
  return { renderer, loop: loop.current!, ready: ready as Required<typeof ready>, log };
}

const m = new Matrix4();
const p = new Vector3();
const q = new Quaternion();
const s = new Vector3();

/** Body `i`'s drawn position, from its instance matrix. */
function drawn(mesh: InstancedMesh, i: number): Vector3 {
  mesh.getMatrixAt(i, m);
  m.decompose(p, q, s);
  return p.clone();
}

describe('the @react-three/rapier bridge: <Physics paused> stepped from useFixedUpdate', () => {
  it("steps the world once per fixed step, with core's maxSteps, not Physics' own clamp", async () => {
    const { renderer, loop, ready, log } = await mountBridge();
    const y0 = ready.bodies[0]!.translation().y;
    const before = loop.tick;
    const steps = log.steps;
    for (let i = 0; i < 30; i++) frame(renderer, 1 / 30); // 1 s of a 30 Hz display
    expect(loop.tick - before).toBe(60);
    expect(log.steps - steps).toBe(60);
    // Free fall over exactly those 60 steps of 1/60 s (semi-implicit Euler): y drops by about
    // g t² / 2 ≈ 4.9 m for 1 s; a world stepped per frame or twice per step would not.
    const fallen = y0 - ready.bodies[0]!.translation().y;
    expect(fallen).toBeGreaterThan(4.5);
    expect(fallen).toBeLessThan(5.5);
    // A 500 ms stall: core's maxSteps (3), where Physics alone would run 30 steps.
    const t = loop.tick;
    frame(renderer, 0.5);
    expect(loop.tick - t).toBe(3);
    await renderer.unmount();
  });

  it('draws every instanced body between its last two steps, by alpha', async () => {
    const { renderer, loop, ready } = await mountBridge();
    frame(renderer, 1 / 60);
    let checked = 0;
    for (let k = 0; k < 40; k++) {
      // 144 Hz: 1, 0 or 2 steps a frame, alpha anywhere in [0, 1).
      const ys = ready.bodies.map((b) => b.translation().y);
      const xs = ready.bodies.map((b) => b.translation().x);
      const tick = loop.tick;
      frame(renderer, 1 / 144);
      if (loop.tick !== tick + 1) continue; // one step this frame: previous pose = ys
      const alpha = loop.alpha;
      for (let i = 0; i < BODIES; i++) {
        const now = ready.bodies[i]!.translation().y;
        const at = drawn(ready.mesh, i);
        expect(at.y).toBeCloseTo(ys[i]! + (now - ys[i]!) * alpha, 4);
        expect(at.x).toBeCloseTo(xs[i]!, 4);
      }
      if (alpha > 0.05 && alpha < 0.95) checked++;
    }
    expect(checked).toBeGreaterThan(3); // mid-step blends were seen, not only alpha ≈ 0
    await renderer.unmount();
  });

  it('draws each body where it is after the first read, not sliding in from the origin', async () => {
    const { renderer, ready } = await mountBridge();
    for (let i = 0; i < BODIES; i++) {
      expect(drawn(ready.mesh, i).x).toBeCloseTo(3 * i, 3);
      expect(drawn(ready.mesh, i).y).toBeGreaterThan(9);
    }
    await renderer.unmount();
  });
});
