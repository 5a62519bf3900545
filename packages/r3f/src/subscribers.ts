/** A callback held in a ref, so the list never changes when a component re-renders with a new closure. */
export interface CallbackRef<F> {
  current: F;
}

/** One subscription: its callback and its priority. */
export interface Subscription<F> {
  readonly ref: CallbackRef<F>;
  readonly priority: number;
}

/**
 * The callbacks of one kind (fixed updates, or renders) in the order they run: ascending
 * priority, then the order they subscribed in (mount order), as `useFrame` orders its own.
 *
 * Why a list replaced on every change (copy on write): subscribing and unsubscribing happen on
 * mount and unmount, rarely; running happens every step. So the step reads `list` once and
 * walks a plain array, with no allocation and no surprise when a callback unmounts a component
 * in the middle of a step (it finishes the list it started).
 */
export class Subscribers<F> {
  /** The subscriptions in running order; replaced, never changed in place. */
  list: readonly Subscription<F>[] = [];

  /**
   * Adds `ref` at `priority`, after every subscription of a priority not above it (so equal
   * priorities keep mount order); returns the function that removes it again (an effect's
   * cleanup). Explicit comparisons, no subtraction: -Infinity - -Infinity is NaN.
   */
  add(ref: CallbackRef<F>, priority: number): () => void {
    const entry: Subscription<F> = { ref, priority };
    const list = [...this.list];
    let at = list.length;
    while (at > 0 && list[at - 1]!.priority > priority) at--;
    list.splice(at, 0, entry);
    this.list = list;
    return () => {
      this.list = this.list.filter((e) => e !== entry);
    };
  }
}

/**
 * Checks a hook's priority: a finite number (RangeError naming the hook and the value), so a
 * typo like `'1'` or `NaN` cannot silently scramble the order every step runs in.
 */
export function checkPriority(hook: string, value: unknown): number {
  // Number.isFinite converts nothing: '1' is refused as NaN is.
  if (!Number.isFinite(value)) {
    throw new RangeError(`${hook}: priority must be a finite number, got ${describe(value)}`);
  }
  return value as number;
}

function describe(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}
