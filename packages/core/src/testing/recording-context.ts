/** One call on a {@link recordingContext}: a method and its arguments, or `name=` and the value set. */
export type DrawCall = [name: string, ...args: unknown[]];

/**
 * A stand-in for a canvas's 2D context that records every method called and every property
 * set, in order, so a unit test in Node (which has no canvas) reads back what a frame drew:
 * that `render` passed `alpha` on, that a switch turned interpolation off, that a sprite was
 * painted once. Compare `calls` with the calls the frame should make; reading a property gives
 * a function that records a call, so code that reads the context's state (`ctx.canvas.width`,
 * `measureText(…).width`) needs a context of its own.
 *
 * @example
 * const { ctx, calls } = recordingContext();
 * draw(ctx, world, 0.25);
 * expect(calls).toContainEqual(['fillRect', 12.5, 40, 8, 8]);
 */
export function recordingContext<C extends object = CanvasRenderingContext2D>(): {
  ctx: C;
  calls: DrawCall[];
} {
  const calls: DrawCall[] = [];
  const ctx = new Proxy(
    {},
    {
      get:
        (_, name) =>
        (...args: unknown[]) =>
          void calls.push([String(name), ...args]),
      set: (_, name, value) => {
        calls.push([`${String(name)}=`, value]);
        return true;
      },
    },
  );
  return { ctx: ctx as C, calls };
}
