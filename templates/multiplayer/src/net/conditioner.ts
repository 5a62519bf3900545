import { Random } from '@loop/core';
import type { Link } from '../client/arena-client';

/** One direction of a conditioned path: added one-way latency, ± uniform jitter (ms), loss (0–1). */
export interface PathSettings {
  latency: number;
  jitter: number;
  loss: number;
}

/** Settings of a {@link Conditioner}. */
export interface ConditionerOptions {
  /** Client to server, and server to client. Default: nothing added. */
  up?: Partial<PathSettings>;
  down?: Partial<PathSettings>;
  /** Seed of the jitter and loss draws: the same seed and traffic give the same path. */
  seed?: number;
  /** Messages held per direction at most; more are dropped (counted as overflow). Default 1024. */
  capacity?: number;
  /** The clock that stamps messages as they pass, in ms; default `performance.now`. A test passes the one it drives. */
  now?: () => number;
}

/** Bytes a queued message may have without an allocation; the arena's largest is 228. */
const SLOT_BYTES = 256;

/** One direction's queue: a ring of preallocated slots, oldest first, due times never decreasing. */
class Path {
  readonly settings: PathSettings = { latency: 0, jitter: 0, loss: 0 };
  readonly counts = { sent: 0, delivered: 0, dropped: 0, overflow: 0 };
  readonly #due: Float64Array;
  readonly #types: Int32Array;
  readonly #lengths: Int32Array;
  readonly #bytes: Uint8Array[];
  /** A view of each slot at its last length: made again only when a length changes. */
  readonly #views: Uint8Array[];
  #head = 0;
  #size = 0;
  #lastDue = Number.NEGATIVE_INFINITY;

  constructor(
    readonly capacity: number,
    readonly random: Random,
    settings: Partial<PathSettings> | undefined,
  ) {
    Object.assign(this.settings, settings);
    this.#due = new Float64Array(capacity);
    this.#types = new Int32Array(capacity);
    this.#lengths = new Int32Array(capacity);
    this.#bytes = Array.from({ length: capacity }, () => new Uint8Array(SLOT_BYTES));
    // Stryker disable next-line MethodExpression: sharing the array costs allocations (a slot's view stands in for its buffer), never a different message
    this.#views = this.#bytes.slice();
  }

  get size(): number {
    return this.#size;
  }

  /** Queues a copy of `bytes` (the sender may reuse its buffer) unless the draw loses it. */
  push(now: number, type: number, bytes: Uint8Array): void {
    this.counts.sent++;
    const { latency, jitter, loss } = this.settings;
    // Stryker disable next-line EqualityOperator: a draw exactly equal to the loss share has a chance of 2^-53 (the loss >= 0 sibling is killed)
    if (loss > 0 && this.random.next() < loss) {
      this.counts.dropped++;
      return;
    }
    if (this.#size === this.capacity) {
      this.counts.overflow++;
      return;
    }
    const spread = jitter > 0 ? (this.random.next() * 2 - 1) * jitter : 0;
    // A WebSocket keeps order: a message never overtakes the one before it, it waits behind it.
    // Stryker disable next-line ArithmeticOperator: latency − spread is as uniform over ± jitter as latency + spread; only which draw gives which delay changes
    const due = Math.max(this.#lastDue, now + Math.max(0, latency + spread));
    this.#lastDue = due;
    const at = (this.#head + this.#size) % this.capacity;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a new buffer for a slot already big enough costs an allocation only (the false and <= siblings are killed)
    if (bytes.byteLength > this.#bytes[at]!.byteLength)
      this.#bytes[at] = new Uint8Array(bytes.byteLength);
    this.#bytes[at]!.set(bytes);
    this.#due[at] = due;
    this.#types[at] = type;
    this.#lengths[at] = bytes.byteLength;
    this.#size++;
  }

  /** Hands every message due by `now` to `deliver`, oldest first. */
  pump(now: number, deliver: (type: number, bytes: Uint8Array) => void): void {
    while (this.#size > 0 && this.#due[this.#head]! <= now) {
      const at = this.#head;
      this.#head = (this.#head + 1) % this.capacity;
      this.#size--;
      this.counts.delivered++;
      let view = this.#views[at]!;
      // Stryker disable next-line ConditionalExpression,EqualityOperator: a new view every time (true) costs an allocation only; the buffer test (false, ===) never decides, as a slot's buffer changes only when it grows, and then its length differs too (the length test's false is killed)
      if (view.buffer !== this.#bytes[at]!.buffer || view.byteLength !== this.#lengths[at]!) {
        view = this.#bytes[at]!.subarray(0, this.#lengths[at]!);
        this.#views[at] = view;
      }
      deliver(this.#types[at]!, view);
    }
  }
}

/**
 * A network conditioner between a client and its connection (what clumsy or `tc netem` do to a
 * machine, here in the page or the test, for one link): each direction gets added latency,
 * jitter and loss, drawn from a seeded `Random` so a test's path is reproducible. Messages keep
 * their order (a WebSocket is TCP: jitter delays the ones behind, it never reorders), and a lost
 * one is simply gone, as a dropped UDP packet would be: the game's redundancy must cope.
 *
 * It is a {@link Link} wrapping a Link, so a client does not know it is there. A message is stamped
 * with its clock as it passes and delivered by the first `pump` at or after its due time: a
 * page pumps every frame, a test each tick of the time it drives. Switched off (`enabled = false`) it passes messages straight through once its
 * queues are empty. Delivered messages are views of its own slots, valid until the next pump.
 */
export class Conditioner implements Link {
  /** Client to server: its `settings` may be changed at any time, its `counts` read. */
  readonly up: Path;
  /** Server to client, the same. */
  readonly down: Path;
  /** When false, new messages pass straight through (after any still queued). */
  enabled = true;
  readonly #handlers = new Map<number, (bytes: Uint8Array) => void>();
  readonly #clock: () => number;

  constructor(
    public inner: Link,
    options: ConditionerOptions = {},
  ) {
    const random = new Random(options.seed ?? 1);
    const capacity = options.capacity ?? 1024;
    this.#clock = options.now ?? (() => performance.now());
    this.up = new Path(capacity, random, options.up);
    this.down = new Path(capacity, random, options.down);
  }

  sendBytes(type: number, bytes: Uint8Array): void {
    if (!this.enabled && this.up.size === 0) this.inner.sendBytes(type, bytes);
    else this.up.push(this.#clock(), type, bytes);
  }

  onMessage(type: number, handler: (bytes: Uint8Array) => void): unknown {
    this.#handlers.set(type, handler);
    return this.#listen(this.inner, type, handler);
  }

  /** Conditions `inner` from now on (a reconnected room), with the handlers given so far. */
  attach(inner: Link): void {
    this.inner = inner;
    for (const [type, handler] of this.#handlers) this.#listen(inner, type, handler);
  }

  #listen(inner: Link, type: number, handler: (bytes: Uint8Array) => void): unknown {
    return inner.onMessage(type, (bytes) => {
      if (!this.enabled && this.down.size === 0) handler(bytes);
      else this.down.push(this.#clock(), type, bytes);
    });
  }

  /** Delivers what is due by `now` (ms, default the clock's time) both ways, oldest first. */
  pump(now = this.#clock()): void {
    this.up.pump(now, this.#send);
    this.down.pump(now, this.#receive);
  }

  readonly #send = (type: number, bytes: Uint8Array) => this.inner.sendBytes(type, bytes);
  // Stryker disable next-line OptionalChaining: every queued type has its handler: that handler's listener queued it
  readonly #receive = (type: number, bytes: Uint8Array) => this.#handlers.get(type)?.(bytes);
}
