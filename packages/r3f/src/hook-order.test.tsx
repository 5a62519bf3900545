import ReactThreeTestRenderer from '@react-three/test-renderer';
import { describe, expect, it } from 'vitest';
import { useInterpolatedInstances } from './interpolated-instances.js';
import { frame, mount } from './test-support.js';
import { useFixedRender, useFixedUpdate } from './use-fixed-update.js';

/** Logs `name` on every step and every render, at a priority that may change between renders. */
function Logger({ name, priority, log }: { name: string; priority?: number; log: string[] }) {
  useFixedUpdate(() => log.push(name), priority);
  useFixedRender(() => log.push(`render ${name}`), priority);
  return null;
}

/** Logs its `name` prop on every render callback: a new closure on every React render. */
function NamedRender({ name, log }: { name: string; log: string[] }) {
  useFixedRender(() => log.push(name));
  return null;
}

/** Steps at a given priority, typed loosely to pass what a JS user might. */
function UpdateAt({ priority }: { priority: unknown }) {
  useFixedUpdate(() => {}, priority as number);
  return null;
}

/** Renders at a given priority, typed loosely to pass what a JS user might. */
function RenderAt({ priority }: { priority: unknown }) {
  useFixedRender(() => {}, priority as number);
  return null;
}

/** Interpolated instances, with no loop above when mounted alone. */
function Instances() {
  useInterpolatedInstances({ current: null }, 1);
  return null;
}

/** One frame of 10 ms with a 10 ms timestep after the baseline: one step, one render. */
async function oneStep(children: React.ReactNode, log: string[]) {
  const mounted = await mount(children, { timestep: 10 });
  frame(mounted.renderer, 0.01);
  log.length = 0;
  return mounted;
}

describe('the order hooks run in, as React changes the tree', () => {
  it('keeps every other subscription when one component unmounts', async () => {
    const log: string[] = [];
    const tree = (withB: boolean) => (
      <>
        <Logger name="a" log={log} />
        {withB ? <Logger name="b" log={log} /> : null}
        <Logger name="c" log={log} />
      </>
    );
    const { renderer, update } = await oneStep(tree(true), log);
    await update(tree(false), { timestep: 10 });
    frame(renderer, 0.01);
    expect(log).toEqual(['a', 'c', 'render a', 'render c']);
    await renderer.unmount();
  });

  it('keeps mount order among equal priorities, whatever came before them', async () => {
    const log: string[] = [];
    const { renderer } = await oneStep(
      <>
        <Logger name="late" priority={5} log={log} />
        <Logger name="first" priority={0} log={log} />
        <Logger name="early" priority={-5} log={log} />
        <Logger name="second" priority={0} log={log} />
        <Logger name="third" priority={0} log={log} />
      </>,
      log,
    );
    frame(renderer, 0.01);
    expect(log.slice(0, 5)).toEqual(['early', 'first', 'second', 'third', 'late']);
    await renderer.unmount();
  });

  it('moves a subscription when its priority changes, for steps and renders alike', async () => {
    const log: string[] = [];
    const tree = (p: number) => (
      <>
        <Logger name="a" log={log} />
        <Logger name="b" priority={p} log={log} />
      </>
    );
    const { renderer, update } = await oneStep(tree(1), log);
    frame(renderer, 0.01);
    expect(log).toEqual(['a', 'b', 'render a', 'render b']);
    await update(tree(-1), { timestep: 10 });
    log.length = 0;
    frame(renderer, 0.01);
    expect(log).toEqual(['b', 'a', 'render b', 'render a']);
    await renderer.unmount();
  });

  it('calls the latest render callback without subscribing again', async () => {
    const log: string[] = [];
    const { renderer, update } = await oneStep(<NamedRender name="first" log={log} />, log);
    await update(<NamedRender name="second" log={log} />, { timestep: 10 });
    frame(renderer, 0.01);
    expect(log).toEqual(['second']);
    await renderer.unmount();
  });
});

describe('hook errors name the hook and the value', () => {
  it.each([
    ['useFixedUpdate', UpdateAt],
    ['useFixedRender', RenderAt],
  ] as const)('%s: a priority that is a string, quoted, or NaN', async (name, Hook) => {
    await expect(mount(<Hook priority="1" />)).rejects.toThrow(
      `${name}: priority must be a finite number, got "1"`,
    );
    await expect(mount(<Hook priority={Number.NaN} />)).rejects.toThrow(
      `${name}: priority must be a finite number, got NaN`,
    );
  });

  it('a hook outside any loop, by its name', async () => {
    await expect(ReactThreeTestRenderer.create(<RenderAt priority={0} />)).rejects.toThrow(
      'useFixedRender must be used inside <FixedLoop> or <WorkerLoop>',
    );
    await expect(ReactThreeTestRenderer.create(<Instances />)).rejects.toThrow(
      'useInterpolatedInstances must be used inside <FixedLoop> or <WorkerLoop>',
    );
  });

  it("<FixedLoop>'s own priority, by its name", async () => {
    await expect(mount(null, { priority: Number.NaN })).rejects.toThrow(
      'FixedLoop: priority must be a finite number, got NaN',
    );
  });
});
