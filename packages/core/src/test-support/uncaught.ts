/**
 * The one error a test lets escape on purpose: run/errors.browser.test.ts throws it from a hook
 * of a loop without `onError`, to see it surface as an uncaught error of requestAnimationFrame.
 * vitest.config.ts tells Vitest it is expected with {@link isUncaughtOnPurpose}; any other
 * uncaught error still fails the run.
 */
export const UNCAUGHT_ON_PURPOSE = 'hook failure thrown on purpose by errors.browser.test.ts';

/** True for that error only: its exact message, raised while that file ran. */
export function isUncaughtOnPurpose(error: { message?: string; VITEST_TEST_PATH?: string }) {
  return (
    error.message === UNCAUGHT_ON_PURPOSE &&
    (error.VITEST_TEST_PATH ?? '').endsWith('/run/errors.browser.test.ts')
  );
}
