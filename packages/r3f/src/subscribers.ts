/** A callback held in a ref, so the list never changes when a component re-renders with a new closure. */
export interface CallbackRef<F> {
  current: F;
}

/** One subscription: its callback, its priority and the order it came in. */
export interface Subscription<F> {
  readonly ref: CallbackRef<F>;
  readonly priority: number;
  readonly order: number;
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
  #next = 0;

  /** Adds `ref` at `priority`; returns the function that removes it again (an effect's cleanup). */
  add(ref: CallbackRef<F>, priority: number): () => void {
    const entry: Subscription<F> = { ref, priority, order: this.#next++ };
    const list = [...this.list, entry];
    list.sort(byPriorityThenOrder);
    this.list = list;
    return () => {
      this.list = this.list.filter((e) => e !== entry);
    };
  }
}

function byPriorityThenOrder<F>(a: Subscription<F>, b: Subscription<F>): number {
  // Explicit comparisons: -Infinity - -Infinity is NaN, which no sort can use.
  if (a.priority < b.priority) return -1;
  if (a.priority > b.priority) return 1;
  return a.order - b.order;
}

/**
 * Checks a hook's priority: a finite number (RangeError naming the hook and the value), so a
 * typo like `'1'` or `NaN` cannot silently scramble the order every step runs in.
 */
export function checkPriority(hook: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new RangeError(`${hook}: priority must be a finite number, got ${describe(value)}`);
  }
  return value;
}

function describe(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}
