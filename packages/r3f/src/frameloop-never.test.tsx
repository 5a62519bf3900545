import { useFrame } from '@react-three/fiber';
import { describe, expect, it } from 'vitest';
import { mount, StepCounter } from './test-support.js';

/** Records what R3F hands every `useFrame`: the clock's time and the delta, in seconds. */
function FrameLog({ times, deltas }: { times: number[]; deltas: number[] }) {
  useFrame((state, delta) => {
    times.push(state.clock.elapsedTime);
    deltas.push(delta);
  });
  return null;
}

describe('<FixedLoop> under frameloop="never"', () => {
  it("drives R3F's advance() itself, in seconds, once per rendered frame", async () => {
    const times: number[] = [];
    const deltas: number[] = [];
    const log = { steps: 0 };
    const { renderer, loop } = await mount(
      <>
        <StepCounter log={log} />
        <FrameLog times={times} deltas={deltas} />
      </>,
      { scheduler: 'manual', timestep: 1000 / 60 },
      'never',
    );
    const live = loop();
    for (let i = 0; i <= 120; i++) live.frame(1000 + (i * 1000) / 60);
    expect(times).toHaveLength(121);
    expect(times[0]).toBe(1); // advance(1000 ms / 1000): seconds, as fiber 9 takes them
    expect(times[120]).toBeCloseTo(3, 12);
    expect(deltas[60]).toBeCloseTo(1 / 60, 12);
    expect(log.steps).toBe(120);
    expect(live.tick).toBe(120);
    await renderer.unmount();
  });

  it("keeps core's exact FPS cap: 30 drawn frames a second on a 60 Hz display, steps unchanged", async () => {
    const times: number[] = [];
    const log = { steps: 0 };
    const { renderer, loop } = await mount(
      <>
        <StepCounter log={log} />
        <FrameLog times={times} deltas={[]} />
      </>,
      { scheduler: 'manual', timestep: 1000 / 60, maxFps: 30 },
      'never',
    );
    const live = loop();
    live.frame(0);
    times.length = 0;
    for (let i = 1; i <= 240; i++) live.frame((i * 1000) / 60);
    expect(times).toHaveLength(120); // 4 s at 30 fps: every other vsync, none missed
    expect(log.steps).toBe(240); // the simulation keeps its 60 Hz
    await renderer.unmount();
  });

  it('draws nothing and steps nothing while paused', async () => {
    const times: number[] = [];
    const { renderer, loop } = await mount(
      <FrameLog times={times} deltas={[]} />,
      { scheduler: 'manual', paused: true },
      'never',
    );
    for (let i = 0; i < 10; i++) loop().frame(i * 16);
    expect(times).toEqual([]);
    expect(loop().tick).toBe(0);
    await renderer.unmount();
  });
});
