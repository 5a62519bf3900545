import ReactThreeTestRenderer from '@react-three/test-renderer';
import { describe, expect, it } from 'vitest';
import { frame, mount } from './test-support.js';
import { useFixedRender, useFixedUpdate } from './use-fixed-update.js';

/** Logs `name` on every step and every render, at a priority. */
function Logger({ name, priority, log }: { name: string; priority?: number; log: string[] }) {
  useFixedUpdate((_dt, tick) => log.push(`${name}@${tick}`), priority);
  useFixedRender(() => log.push(`render ${name}`), priority);
  return null;
}

/** Logs every step's dt and every render's alpha. */
function Probe({ seen }: { seen: number[] }) {
  useFixedUpdate((dt) => seen.push(dt));
  useFixedRender((alpha) => seen.push(alpha));
  return null;
}

/** Logs its `name` prop on every step: a new closure on every render. */
function Named({ name, log }: { name: string; log: string[] }) {
  useFixedUpdate(() => log.push(name));
  return null;
}

/** Subscribes at a priority of Infinity. */
function Bad() {
  useFixedUpdate(() => {}, Number.POSITIVE_INFINITY);
  return null;
}

/** Subscribes with no <FixedLoop> above it. */
function Lost() {
  useFixedRender(() => {});
  return null;
}

describe('useFixedUpdate and useFixedRender', () => {
  it('run by ascending priority, then in mount order, steps before renders', async () => {
    const log: string[] = [];
    const { renderer } = await mount(
      <>
        <Logger name="b0" log={log} />
        <Logger name="late" priority={5} log={log} />
        <Logger name="early" priority={-5} log={log} />
        <Logger name="c0" log={log} />
      </>,
      { timestep: 1000 / 60 },
    );
    frame(renderer, 1 / 60);
    log.length = 0; // the baseline frame rendered once, stepped nothing
    frame(renderer, 1 / 30);
    expect(log).toEqual([
      'early@0',
      'b0@0',
      'c0@0',
      'late@0',
      'early@1',
      'b0@1',
      'c0@1',
      'late@1',
      'render early',
      'render b0',
      'render c0',
      'render late',
    ]);
    await renderer.unmount();
  });

  it('hand dt in seconds and alpha in [0, 1): the leftover over the timestep', async () => {
    const seen: number[] = [];
    const { renderer } = await mount(<Probe seen={seen} />, { timestep: 20 });
    frame(renderer, 0.01);
    seen.length = 0;
    frame(renderer, 0.05); // 50 ms: two 20 ms steps, 10 ms left over
    expect(seen).toHaveLength(3);
    expect(seen[0]).toBe(0.02);
    expect(seen[1]).toBe(0.02);
    expect(seen[2]).toBeCloseTo(0.5, 9);
    await renderer.unmount();
  });

  it('call the latest callback without subscribing again on every render', async () => {
    const log: string[] = [];
    const { renderer, update } = await mount(<Named name="first" log={log} />, { timestep: 10 });
    frame(renderer, 0.01);
    await update(<Named name="second" log={log} />, { timestep: 10 });
    frame(renderer, 0.01);
    expect(log).toEqual(['second']); // one subscription, the new closure
    await renderer.unmount();
  });

  it('stop running once their component unmounts', async () => {
    const log: string[] = [];
    const { renderer, update } = await mount(<Logger name="x" log={log} />, { timestep: 10 });
    frame(renderer, 0.01);
    frame(renderer, 0.01);
    expect(log).toEqual(['render x', 'x@0', 'render x']); // the baseline renders, steps nothing
    log.length = 0;
    await update(null, { timestep: 10 });
    frame(renderer, 0.01);
    expect(log).toEqual([]);
    await renderer.unmount();
  });

  it('reject a priority that is not a finite number, naming the hook and the value', async () => {
    await expect(mount(<Bad />)).rejects.toThrow(/useFixedUpdate: priority .*Infinity/);
  });

  it('throw outside a <FixedLoop>', async () => {
    await expect(ReactThreeTestRenderer.create(<Lost />)).rejects.toThrow(/inside <FixedLoop>/);
  });
});
