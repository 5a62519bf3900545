import type { WorkerLike } from './page-options.js';

/** What the page does with each message of its worker; see {@link listenToWorker}. */
export interface WorkerListeners {
  /** The simulation is set up and its first snapshot published; `origin` is the worker's clock's. */
  ready(origin: number): void;
  /** A snapshot buffer arrived (message transport only). */
  deliver?: (buffer: ArrayBuffer) => void;
  /** An input buffer came back for reuse (message transport only). */
  recycle?: (buffer: ArrayBuffer) => void;
  /** A message of the game's own. */
  message?: (data: unknown) => void;
  /** An error in the worker, or the worker failing to load or to read a message. */
  fail(error: unknown): void;
}

/**
 * Listens to the worker's messages and errors and hands each to its listener; returns the
 * function that stops listening, so after `dispose()` nothing from the worker reaches the page.
 */
export function listenToWorker(worker: WorkerLike, on: WorkerListeners): () => void {
  const onMessage = (event: Event) => {
    const message = (event as MessageEvent).data as { t: string; [key: string]: unknown };
    switch (message.t) {
      case 'ready':
        return on.ready(message.origin as number);
      case 'snap': // message transport only, as is 'iret'
        return on.deliver!(message.b as ArrayBuffer);
      case 'iret':
        return on.recycle!(message.b as ArrayBuffer);
      case 'user':
        return on.message?.(message.data);
      case 'error':
        return on.fail(message.error);
    }
  };
  const onError = (event: Event) => {
    event.preventDefault();
    on.fail(new Error(`worker failed: ${(event as ErrorEvent).message ?? 'could not start'}`));
  };
  worker.addEventListener('message', onMessage);
  worker.addEventListener('error', onError);
  worker.addEventListener('messageerror', onError);
  return () => {
    worker.removeEventListener('message', onMessage);
    worker.removeEventListener('error', onError);
    worker.removeEventListener('messageerror', onError);
  };
}
