/** Small fakes for unit tests: a requestAnimationFrame for Node, an update that fails on cue. */

type RafGlobals = { requestAnimationFrame?: unknown; cancelAnimationFrame?: unknown };

/**
 * Installs a requestAnimationFrame that never calls back (and its cancel) on globalThis, for
 * code that only needs rAF to exist, such as `createBasicLoop().start()` driven by `frame()`.
 * Returns the function that removes them.
 */
export function stubRaf(): () => void {
  const g = globalThis as RafGlobals;
  g.requestAnimationFrame = () => 1;
  g.cancelAnimationFrame = () => {};
  return () => {
    delete g.requestAnimationFrame;
    delete g.cancelAnimationFrame;
  };
}

/** An update hook that counts its calls and throws while `fail` is true. */
export function failingUpdate() {
  const state = { fail: true, updates: 0 };
  const update = () => {
    state.updates++;
    if (state.fail) throw new Error('step failed');
  };
  return { state, update };
}
