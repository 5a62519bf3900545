import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createBasicLoop } from '../basic-loop.js';
import { createLoop } from '../loop.js';
import { animationFrames } from '../test-support/browser.js';
import { UNCAUGHT_ON_PURPOSE } from '../test-support/uncaught.js';

const errors: ErrorEvent[] = [];
const onWindowError = (event: ErrorEvent) => {
  errors.push(event);
};
afterEach(() => {
  window.removeEventListener('error', onWindowError);
  errors.length = 0;
  vi.restoreAllMocks();
});

/** A render hook that throws {@link UNCAUGHT_ON_PURPOSE} on its third call. */
function failingRender() {
  const state = { renders: 0, failure: new Error(UNCAUGHT_ON_PURPOSE) };
  const render = () => {
    state.renders++;
    if (state.renders === 3) throw state.failure;
  };
  return { state, render };
}

// README, "Errors": without onError, the error is thrown once from the failing frame, as an
// uncaught error from requestAnimationFrame; vitest.config.ts expects exactly this error.
describe.each([
  ['createLoop', (render: () => void) => createLoop({ render })],
  ['createBasicLoop', (render: () => void) => createBasicLoop({ update() {}, render })],
])('%s: a hook that throws, without onError', (_name, make) => {
  it('surfaces once as an uncaught error of requestAnimationFrame and stops the loop', async () => {
    window.addEventListener('error', onWindowError);
    const request = vi.spyOn(window, 'requestAnimationFrame');
    const { state, render } = failingRender();
    const loop = make(render).start();
    onTestFinished(() => {
      loop.stop(); // should it fail to stop itself
    });
    await animationFrames(3); // the loop's third frame threw, before this helper's third
    expect(errors).toHaveLength(1);
    expect(errors[0]!.error).toBe(state.failure);
    expect(errors[0]!.isTrusted).toBe(true); // reported by the browser, not dispatched by us
    const requests = request.mock.calls.length;
    await animationFrames(10);
    expect(state.renders).toBe(3);
    expect(errors).toHaveLength(1);
    expect(request).toHaveBeenCalledTimes(requests);
  });
});

describe('createLoop: a hook that throws, with onError', () => {
  it('hands the error to onError once, and nothing reaches the window', async () => {
    window.addEventListener('error', onWindowError);
    const { state, render } = failingRender();
    const onError = vi.fn();
    const loop = createLoop({ render, onError }).start();
    onTestFinished(() => {
      loop.stop();
    });
    await animationFrames(13);
    expect(onError.mock.calls).toEqual([[state.failure]]);
    expect(state.renders).toBe(3);
    expect(loop.running).toBe(false);
    expect(errors).toEqual([]);
  });
});
