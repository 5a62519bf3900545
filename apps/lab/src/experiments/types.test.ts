import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubPage } from '../test-support/loop.js';
import { manualLoop, param, withDefaults } from './types.js';

describe('what every experiment shares', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("an experiment's loop runs the frames it is given, whatever the page shows", () => {
    const page = stubPage();
    const loop = manualLoop({ timestep: 20 });
    loop.frame(0);
    loop.frame(20);
    page.hideAndShow();
    loop.frame(100);
    expect(loop.tick).toBe(5);
  });

  it('a parameter takes its given values, and a run its defaults where none is given', () => {
    const p = param('rate', 'rate (Hz)', 60, 1, 240, 1);
    expect(p).toEqual({ key: 'rate', label: 'rate (Hz)', value: 60, min: 1, max: 240, step: 1 });
    expect(param('x', 'x', 1, 0, 2).step).toBe('any');
    expect(withDefaults([p, param('x', 'x', 1, 0, 2)], { x: 0.5 })).toEqual({ rate: 60, x: 0.5 });
  });
});
