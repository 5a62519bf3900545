import { createScope } from '@loop/core/dom';
import { describe, expect, it } from 'vitest';
import { firstStatus } from '../replay-status.js';
import { bindReplayControls, type ReplayTarget } from './replay-controls.js';
import { ReplayPanel } from './replay-panel.js';

/** A control as the binding uses it: a real EventTarget with the fields it reads. */
function control<T extends object>(fields: T): EventTarget & T {
  return Object.assign(new EventTarget(), fields);
}

/** The page's three controls and a target that writes down what it was asked. */
function page() {
  const speed = control({ value: '0.5' });
  const save = control({});
  const load = control({ files: null as File[] | null, value: '' });
  const line = { dataset: {}, textContent: '' } as unknown as HTMLElement;
  const panel = new ReplayPanel(firstStatus(), line);
  const asked: unknown[] = [];
  const target: ReplayTarget = {
    speed: (v) => asked.push(['speed', v]),
    save: () => asked.push(['save']),
    load: (bytes) => asked.push(['load', [...bytes]]),
    refuse: (e) => asked.push(['refuse', e]),
  };
  const controls = {
    speed: speed as unknown as HTMLSelectElement,
    save: save as unknown as HTMLButtonElement,
    load: load as unknown as HTMLInputElement,
    panel,
  };
  return { speed, save, load, asked, target, controls };
}

/** Lets the panel's file read finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('bindReplayControls', () => {
  it('sends the speed shown at once and at each change, and save at each click', () => {
    const { speed, save, asked, target, controls } = page();
    bindReplayControls(createScope(), controls, target);
    expect(asked).toEqual([['speed', 0.5]]);
    speed.value = '2';
    speed.dispatchEvent(new Event('change'));
    save.dispatchEvent(new Event('click'));
    expect(asked).toEqual([['speed', 0.5], ['speed', 2], ['save']]);
  });

  it('loads the picked file’s bytes, clears the picker, refuses one that cannot be read', async () => {
    const { load, asked, target, controls } = page();
    bindReplayControls(createScope(), controls, target);
    load.files = [new File([new Uint8Array([4, 5])], 'a.looprec')];
    load.value = 'a.looprec';
    load.dispatchEvent(new Event('change'));
    expect(load.value).toBe('');
    await settle();
    expect(asked.at(-1)).toEqual(['load', [4, 5]]);
    const error = new Error('gone');
    load.files = [{ arrayBuffer: () => Promise.reject(error) } as unknown as File];
    load.dispatchEvent(new Event('change'));
    await settle();
    expect(asked.at(-1)).toEqual(['refuse', error]);
    load.files = null; // the picker closed without a file: nothing asked
    load.dispatchEvent(new Event('change'));
    await settle();
    expect(asked).toHaveLength(3);
  });

  it('stops listening when its scope is disposed', () => {
    const { speed, save, asked, target, controls } = page();
    const scope = createScope();
    bindReplayControls(scope, controls, target);
    scope.dispose();
    speed.dispatchEvent(new Event('change'));
    save.dispatchEvent(new Event('click'));
    expect(asked).toEqual([['speed', 0.5]]);
  });
});
