/**
 * The "busy page" switch: blocks the page's main thread for `ms` every second (a React
 * re-render, a JSON parse, an ad), to show what that does to a simulation on the main thread
 * and what it does not do to one in a worker. Returns the function that stops it.
 */
export function busyPage(ms: number): () => void {
  const timer = setInterval(() => {
    const end = performance.now() + ms;
    while (performance.now() < end) {
      // the page is busy
    }
  }, 1000);
  return () => clearInterval(timer);
}

/** How long each block lasts, in ms: 100, the middle of what a heavy page does. */
export const BUSY_MS = 100;
