import type { LoadProgress } from './counted.js';

/**
 * The parts of an element the loading line writes: a plain object stands in for it in the
 * unit test (Node has no DOM).
 */
export interface LoadingElement {
  textContent: string | null;
  readonly dataset: Record<string, string | undefined>;
  remove(): void;
}

/** The line over the canvas while Rapier's WebAssembly loads, in either mode. */
export interface LoadingView {
  /** Shows the bytes that have arrived, of `total` (a {@link LoadProgress}). */
  readonly progress: LoadProgress;
  /**
   * The game drew its first frame: the line goes away. Called on every frame, so after the
   * first it does nothing; also what a hot update's dispose calls.
   */
  done(): void;
  /**
   * Loading failed: the line says why and stays. The first reason stays (what follows a failed
   * load, such as a worker asked to step a world it never made, is its consequence); nothing
   * once {@link done} was called.
   */
  fail(error: unknown): void;
}

/** Megabytes with one decimal, as the line shows them. */
const mb = (bytes: number) => (bytes / 1e6).toFixed(1);

/** What the line says at `loaded` bytes of `total`. */
export function loadingText(loaded: number, total: number): string {
  // Every byte in: compiling the last of it, then making the world and its first frame.
  return loaded < total ? `Loading physics… ${mb(loaded)} / ${mb(total)} MB` : 'Starting physics…';
}

/**
 * Drives `element` through the load: the megabytes of Rapier's WebAssembly as they arrive
 * (3 MB, 1.2 MB over the wire: seconds on a slow connection, when the canvas would otherwise
 * stay empty and the page look broken), then gone at the first frame, or the reason it failed.
 * `data-loaded` and `data-total` hold the bytes, `data-failed` marks a failure: what a test
 * reads. The text is written only when it changes (a download reports many small chunks).
 */
export function loadingView(element: LoadingElement): LoadingView {
  let finished = false;
  return {
    progress(loaded, total) {
      if (finished) return;
      element.dataset.loaded = String(loaded);
      element.dataset.total = String(total);
      const text = loadingText(loaded, total);
      if (text !== element.textContent) element.textContent = text;
    },
    done() {
      if (finished) return;
      finished = true;
      element.remove();
    },
    fail(error) {
      if (finished || element.dataset.failed !== undefined) return;
      element.dataset.failed = '';
      element.textContent = `Physics could not load: ${error instanceof Error ? error.message : String(error)}`;
    },
  };
}

/**
 * Shows "Loading physics…" (an element `#loading`, for the page's own style) from the moment the page starts,
 * before the rest of the game has arrived. A main-thread game feeds it from its loader, a worker
 * game from the worker's messages; both call `done` when they draw.
 */
export function showLoading(parent: HTMLElement = document.body): LoadingView {
  const element = document.createElement('p');
  element.id = 'loading';
  element.setAttribute('role', 'status');
  element.textContent = 'Loading physics…';
  parent.append(element);
  return loadingView(element);
}
