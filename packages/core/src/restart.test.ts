import { describe, expect, it } from 'vitest';
import { createBasicLoop } from './basic-loop.js';
import { createLoop } from './loop.js';
import { failingUpdate, stubRaf } from './test-support/fakes.js';
import { feed } from './test-support/traces.js';

/**
 * The first frame after start() advances nothing, also when steps were still owed at the stop:
 * those of an update that threw, or carried by `overflow: 'carry'`. They are owed again from
 * the second frame, so nothing is lost either.
 */
describe('a restart after an error advances nothing on its first frame', () => {
  it('does not run the failed step on the first frame after start()', () => {
    const { state, update } = failingUpdate();
    const loop = createLoop({ scheduler: 'manual', timestep: 10, update, onError: () => {} });
    loop.start();
    feed(loop, [0, 25]);
    expect([state.updates, loop.tick, loop.running]).toEqual([1, 0, false]);
    state.fail = false;
    loop.start();
    feed(loop, [1000]);
    expect([state.updates, loop.tick]).toEqual([1, 0]);
    feed(loop, [1005]);
    // the two steps still owed (the failed one again, and the one after it), then 5 ms more
    expect(loop.tick).toBe(3);
  });

  it('does the same in createBasicLoop', () => {
    const { state, update } = failingUpdate();
    const loop = createBasicLoop({ timestep: 10, update, render: () => {} });
    loop.frame(0);
    expect(() => loop.frame(25)).toThrow('step failed');
    state.fail = false;
    const unstub = stubRaf();
    try {
      loop.start();
      feed(loop, [1000]);
      expect(state.updates).toBe(1);
      feed(loop, [1005]);
      expect(loop.tick).toBe(3);
    } finally {
      unstub();
    }
  });

  it('advances nothing on the first frame after a resume with carried steps', () => {
    let updates = 0;
    const loop = createLoop({
      scheduler: 'manual',
      timestep: 10,
      maxSteps: 2,
      overflow: 'carry',
      update: () => updates++,
    }).start();
    feed(loop, [0, 100]);
    expect(updates).toBe(2);
    loop.stop().start();
    feed(loop, [5000]);
    expect(updates).toBe(2);
    feed(loop, [5000]);
    expect(updates).toBe(4);
  });

  for (const mode of ['semi-fixed', 'variable', 'naive'] as const) {
    it(`advances nothing on the first frame after a restart in ${mode} mode`, () => {
      const { state, update } = failingUpdate();
      const loop = createLoop({ scheduler: 'manual', mode, timestep: 10, update, onError() {} });
      feed(loop.start(), [0, 25]);
      state.fail = false;
      feed(loop.start(), [1000]);
      expect(state.updates).toBe(1);
    });
  }
});
