/**
 * Waits, polling every `interval` ms, until `condition` holds; rejects naming `what` after
 * `timeout` ms. Messages over loopback arrive in their own time: a test whose rooms step on
 * driven time waits for them this way and asserts on what arrived, never on how long it took.
 * No test runner's helper, so the entry runs under any runner.
 */
export function until(
  condition: () => boolean,
  what: string,
  timeout = 5000,
  interval = 2,
): Promise<void> {
  const deadline = Date.now() + timeout;
  return new Promise((resolve, reject) => {
    const poll = () => {
      let held: boolean;
      try {
        held = condition();
      } catch (error) {
        reject(error);
        return;
      }
      if (held) resolve();
      else if (Date.now() > deadline) reject(new Error(`still waiting for ${what}`));
      else setTimeout(poll, interval);
    };
    poll();
  });
}
