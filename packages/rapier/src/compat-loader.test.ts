import RAPIER from '@dimforge/rapier3d-compat';
import { describe, expect, it, vi } from 'vitest';
import { compatLoader } from './compat-loader.js';

describe('compatLoader', () => {
  it('loads the -compat build once, reporting its two ends, and Rapier works', async () => {
    const init = vi.fn(() => RAPIER.init());
    const load = compatLoader(init, 1000);
    const events: [number, number][] = [];
    await load((loaded, total) => events.push([loaded, total]));
    expect(events).toEqual([
      [0, 1000],
      [1000, 1000],
    ]);
    const world = new RAPIER.World({ x: 0, y: -9.81, z: 0 });
    world.step();
    world.free();
    const again = vi.fn();
    await load(again);
    expect(init).toHaveBeenCalledOnce();
    expect(again).not.toHaveBeenCalled();
  });

  it('passes a failure on, and tries again on the next call', async () => {
    let calls = 0;
    const load = compatLoader(async () => {
      if (++calls === 1) throw new Error('no memory');
    });
    const events: number[] = [];
    await expect(load((loaded) => events.push(loaded))).rejects.toThrow('no memory');
    expect(events).toEqual([0]);
    await load((loaded) => events.push(loaded));
    expect(events).toEqual([0, 0, 4_300_000]);
    expect(calls).toBe(2);
  });

  it('refuses what is not an init function or a size, naming the option', () => {
    expect(() => compatLoader(undefined as unknown as () => Promise<void>)).toThrow(
      new RangeError('compatLoader init must be a function, got undefined'),
    );
    expect(() => compatLoader(async () => {}, 0)).toThrow(
      new RangeError('compatLoader bytes must be an integer >= 1, got 0'),
    );
  });
});
