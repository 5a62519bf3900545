/**
 * Test support for the tests that signal a copy in progress (staging, scaffold, main()): the
 * listeners the code under test added for a signal, found beside the ones already there.
 */

/** The listeners of `signal` added since `before` was read. */
export const added = (signal: NodeJS.Signals, before: readonly unknown[]) =>
  process.listeners(signal).filter((listener) => !before.includes(listener));

/**
 * The listeners of `signal` added since `before` was read, waited for: there once the copy
 * `done` makes starts, none when `done` settles before.
 */
export async function addedOnceCopying(
  signal: NodeJS.Signals,
  before: readonly unknown[],
  done: Promise<unknown>,
): Promise<NodeJS.SignalsListener[]> {
  let settled = false;
  void done.then(
    () => (settled = true),
    () => (settled = true),
  );
  let listeners: NodeJS.SignalsListener[] = [];
  while (listeners.length === 0 && !settled) {
    await new Promise((resolve) => setImmediate(resolve));
    listeners = added(signal, before);
  }
  return listeners;
}
