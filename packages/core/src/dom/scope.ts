/**
 * What a game module started — the loop, the overlay, input, resize watchers, DOM listeners —
 * collected in one place so one call stops it all. A dev server's hot update re-runs the
 * module: unless everything the old copy started is stopped, two loops draw into one canvas
 * and listeners pile up. With a scope each module writes
 * `import.meta.hot.dispose(scope.dispose)` once instead of a hand-kept teardown list.
 */
export interface Scope {
  /**
   * Registers a cleanup and returns what it was given, so it can wrap the call that started
   * the thing: a function (an unwatch) is called on dispose, an object with `dispose()` (a loop,
   * input, the overlay, a renderer) has it called.
   */
  add<T extends (() => unknown) | { dispose(): unknown }>(cleanup: T): T;
  /** Adds an event listener and registers its removal. */
  listen(
    target: EventTarget,
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: AddEventListenerOptions,
  ): void;
  /** Runs every cleanup once, newest first (bound: pass it around as is). */
  readonly dispose: () => void;
}

/**
 * Makes a {@link Scope}. A cleanup that throws does not stop the others; the first error is
 * thrown after all have run.
 *
 * @example
 * const scope = createScope();
 * const input = scope.add(createInput({ pointer: canvas }));
 * scope.add(watchCanvas(canvas, onResize));
 * scope.add(createLoop({ update, render })).start();
 * scope.listen(button, 'click', onClick);
 * if (import.meta.hot) import.meta.hot.dispose(scope.dispose);
 */
export function createScope(): Scope {
  const cleanups: (() => unknown)[] = [];
  return {
    add(cleanup) {
      cleanups.push(typeof cleanup === 'function' ? cleanup : () => cleanup.dispose());
      return cleanup;
    },
    listen(target, type, listener, options) {
      target.addEventListener(type, listener, options);
      cleanups.push(() => target.removeEventListener(type, listener, options));
    },
    dispose() {
      let failure: { error: unknown } | undefined;
      for (let cleanup = cleanups.pop(); cleanup; cleanup = cleanups.pop()) {
        try {
          cleanup();
        } catch (error) {
          failure ??= { error };
        }
      }
      if (failure) throw failure.error;
    },
  };
}
