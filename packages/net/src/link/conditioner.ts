import { Random } from '@loop/core';
import type { Link, MessageHandler } from './link.js';
import { Path, type PathSettings } from './path.js';

/** Settings of a {@link Conditioner}. */
export interface ConditionerOptions {
  /** Client to server, and server to client. Default: nothing added. */
  up?: Partial<PathSettings>;
  down?: Partial<PathSettings>;
  /** Seed of the jitter, loss and reorder draws: the same seed and traffic give the same path. */
  seed?: number;
  /** Messages held per direction at most; more are dropped (counted as overflow). Default 1024. */
  capacity?: number;
  /** The clock that stamps messages as they pass, in ms; default `performance.now`. A test passes the one it drives. */
  now?: () => number;
}

function checkPath(name: string, path: Partial<PathSettings> | undefined): void {
  if (path === undefined) return;
  const limits: [keyof PathSettings, number][] = [
    ['latency', Number.MAX_VALUE],
    ['jitter', Number.MAX_VALUE],
    ['loss', 1],
    ['reorder', 1],
  ];
  for (const [key, max] of limits) {
    const value = path[key];
    if (value !== undefined && !(typeof value === 'number' && value >= 0 && value <= max)) {
      throw new RangeError(
        `${name}.${key} must be a number from 0 to ${max}, got ${String(value)}`,
      );
    }
  }
}

/**
 * A network conditioner between a client and its connection (what clumsy or `tc netem` do to a
 * machine, here in the page or the test, for one link): each direction gets added latency,
 * jitter, loss and reordering, drawn from a seeded `Random` so a test's path is reproducible. By
 * default messages keep their order (a WebSocket is TCP: jitter delays the ones behind, it
 * never reorders); a lost one is simply gone, as a dropped UDP packet would be: the game's
 * redundancy must cope.
 *
 * It is a {@link Link} wrapping a Link, so a client does not know it is there. A message is
 * stamped with its clock as it passes and delivered by the first `pump` at or after its due
 * time: a page pumps every frame, a test each tick of the time it drives. Switched off
 * (`enabled = false`) it passes messages straight through once its queues are empty. Delivered
 * messages are views of its own slots, valid until the next pump.
 */
export class Conditioner implements Link {
  /** Client to server: its `settings` may be changed at any time, its `counts` read. */
  readonly up: Path;
  /** Server to client, the same. */
  readonly down: Path;
  /** When false, new messages pass straight through (after any still queued). */
  enabled = true;
  readonly #handlers = new Map<number, MessageHandler>();
  readonly #clock: () => number;

  constructor(
    public inner: Link,
    options: ConditionerOptions = {},
  ) {
    const capacity = options.capacity ?? 1024;
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError(`capacity must be an integer of 1 or more, got ${String(capacity)}`);
    }
    checkPath('up', options.up);
    checkPath('down', options.down);
    const random = new Random(options.seed ?? 1);
    this.#clock = options.now ?? (() => performance.now());
    this.up = new Path(capacity, random, options.up);
    this.down = new Path(capacity, random, options.down);
  }

  sendBytes(type: number, bytes: Uint8Array): void {
    if (!this.enabled && this.up.size === 0) this.inner.sendBytes(type, bytes);
    else this.up.push(this.#clock(), type, bytes);
  }

  onMessage(type: number, handler: MessageHandler): unknown {
    this.#handlers.set(type, handler);
    return this.#listen(this.inner, type, handler);
  }

  /** Conditions `inner` from now on (a reconnected room), with the handlers given so far. */
  attach(inner: Link): void {
    this.inner = inner;
    for (const [type, handler] of this.#handlers) this.#listen(inner, type, handler);
  }

  #listen(inner: Link, type: number, handler: MessageHandler): unknown {
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
