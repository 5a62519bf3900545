/**
 * The error both loops throw when `frame()` is called while a frame of the same loop is running
 * (from a hook, directly or through code the hook calls). A nested frame would run the same tick
 * twice and hand render a negative alpha, and unguarded recursion ends in a stack overflow, so
 * it is refused before it touches any state.
 */
export function reentrantFrame(): Error {
  return new Error('loop.frame() called inside its own hook: refused');
}
