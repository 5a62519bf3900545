import { readUint32, writeUint32 } from './bytes.js';
import { INPUT_HEADER_BYTES } from './messages.js';
import { SNAPSHOT_HEADER_BYTES, SnapshotFrame } from './snapshot-frame.js';

/** What a game declares about its wire: the rest is derived from it by {@link defineWire}. */
export interface WireOptions {
  /** Bytes of one tick's input (Int8 each), on the wire and in the game's input table. 1 to 255. */
  inputBytes: number;
  /** Fixed steps per second, on the server and in every page's prediction. */
  tickRate: number;
  /** Bytes of the game's snapshot body, after the framing header. 0 to 65 535. */
  snapshotBodyBytes: number;
  /**
   * Inputs per message at most (1 to 255, the count is a u8); default 16. A message carries the
   * newest tick's input and the ones before it not yet acknowledged, so a lost packet loses
   * nothing ("Fast-Paced Multiplayer", Gabriel Gambetta; "Deterministic Lockstep", Glenn Fiedler).
   */
  maxInputsPerMessage?: number;
  /** Inputs further ahead of the server's tick than this are ignored, never buffered; default 2 s of ticks. */
  maxTicksAhead?: number;
  /**
   * Clamps one input read off the wire into the game's range (`inputs` at `at`, `inputBytes`
   * long), in place: a stranger's bytes become a legal input, never an error. Default: none.
   */
  sanitizeInput?: (inputs: Int8Array, at: number) => void;
}

/**
 * Why an input message was refused, or `ok`. `oversize` and `malformed` cannot come from a
 * well-behaved client; `late` (every input for a tick already stepped) and `early` (further
 * ahead than {@link Wire.maxTicksAhead}) can, over a bad network or with a clock still settling.
 */
export type InputVerdict = 'ok' | 'oversize' | 'malformed' | 'late' | 'early';

function check(name: string, value: number, min: number, max: number, integer: boolean): number {
  if (
    typeof value !== 'number' ||
    !(value >= min && value <= max) ||
    (integer && !Number.isInteger(value))
  ) {
    const kind = integer ? 'an integer' : 'a number';
    throw new RangeError(`${name} must be ${kind} from ${min} to ${max}, got ${String(value)}`);
  }
  return value;
}

/**
 * A game's wire: the input message (header tick u32 + count u8 + count × inputBytes, newest
 * first) and the snapshot's size, derived once from the game's layout and checked when made, so
 * both ends and the tests agree on every byte. Everything it does works in buffers the caller
 * made once: nothing is allocated per message.
 */
export class Wire {
  readonly inputBytes: number;
  readonly tickRate: number;
  /** The fixed timestep in ms (`1000 / tickRate`), as `@loop/core`'s `Clock` takes it. */
  readonly timestepMs: number;
  readonly maxInputsPerMessage: number;
  readonly maxTicksAhead: number;
  /** The largest input message a client may send; a larger one is `oversize`. */
  readonly maxInputMessageBytes: number;
  readonly snapshotBodyBytes: number;
  /** A whole snapshot: the framing header and the body. */
  readonly snapshotBytes: number;
  readonly #sanitize: ((inputs: Int8Array, at: number) => void) | undefined;

  constructor(options: WireOptions) {
    this.inputBytes = check('inputBytes', options.inputBytes, 1, 255, true);
    this.tickRate = check('tickRate', options.tickRate, Number.MIN_VALUE, 10_000, false);
    this.timestepMs = 1000 / this.tickRate;
    this.snapshotBodyBytes = check('snapshotBodyBytes', options.snapshotBodyBytes, 0, 65_535, true);
    this.maxInputsPerMessage = check(
      'maxInputsPerMessage',
      options.maxInputsPerMessage ?? 16,
      1,
      255,
      true,
    );
    const ahead = options.maxTicksAhead ?? Math.max(1, Math.round(this.tickRate * 2));
    this.maxTicksAhead = check('maxTicksAhead', ahead, 1, 2 ** 31 - 1, true);
    const sanitize = options.sanitizeInput;
    if (sanitize !== undefined && typeof sanitize !== 'function') {
      throw new RangeError(`sanitizeInput must be a function, got ${String(sanitize)}`);
    }
    this.#sanitize = sanitize;
    this.maxInputMessageBytes = INPUT_HEADER_BYTES + this.maxInputsPerMessage * this.inputBytes;
    this.snapshotBytes = SNAPSHOT_HEADER_BYTES + this.snapshotBodyBytes;
  }

  /** Bytes of an input message carrying `count` inputs. */
  inputMessageBytes(count: number): number {
    return INPUT_HEADER_BYTES + count * this.inputBytes;
  }

  /**
   * Writes an input message into `out` (at least {@link inputMessageBytes}(count) long):
   * `inputs` holds one input per tick, oldest first, the last one for `newestTick`; the message
   * carries the newest `count` of them, newest first. Returns the message's length in bytes.
   */
  writeInputMessage(out: Uint8Array, newestTick: number, inputs: Int8Array, count: number): number {
    const n = this.inputBytes;
    writeUint32(out, 0, newestTick);
    out[4] = count;
    const last = inputs.length / n - 1;
    for (let i = 0; i < count; i++) {
      for (let k = 0; k < n; k++) {
        // A Uint8Array stores an Int8's bits: −1 as 255, read back by readInput.
        out[INPUT_HEADER_BYTES + i * n + k] = inputs[(last - i) * n + k]!;
      }
    }
    return INPUT_HEADER_BYTES + count * n;
  }

  /**
   * Checks an input message's shape: not bytes, a message of any other length than its count
   * says, or a count of 0 or over {@link maxInputsPerMessage}, is `malformed`; longer than
   * {@link maxInputMessageBytes}, `oversize`. Never throws: it reads bytes a stranger sent.
   */
  checkInputMessage(message: unknown): InputVerdict {
    if (!(message instanceof Uint8Array)) return 'malformed';
    if (message.byteLength > this.maxInputMessageBytes) return 'oversize';
    // No count (shorter than a header) or a count of 0 is malformed; a count over the most per
    // message needs more bytes than an oversize message, so the length refuses it.
    const count = message[4] ?? 0;
    if (count === 0) return 'malformed';
    return message.byteLength === INPUT_HEADER_BYTES + count * this.inputBytes ? 'ok' : 'malformed';
  }

  /** The newest tick of a checked input message. */
  newestTickOf(message: Uint8Array): number {
    return readUint32(message, 0);
  }

  /** The count of inputs in a checked input message. */
  inputCountOf(message: Uint8Array): number {
    return message[4]!;
  }

  /**
   * Copies input `i` (0 is the newest, for tick newest − i) of a checked message into `out` at
   * `at`, as Int8, then through the game's `sanitizeInput`.
   */
  readInput(message: Uint8Array, i: number, out: Int8Array, at: number): void {
    const n = this.inputBytes;
    const from = INPUT_HEADER_BYTES + i * n;
    for (let k = 0; k < n; k++) out[at + k] = message[from + k]!;
    this.#sanitize?.(out, at);
  }

  /** A snapshot buffer of this wire's size, for one end's encoding or decoding. */
  createSnapshotFrame(): SnapshotFrame {
    return new SnapshotFrame(this.snapshotBodyBytes);
  }
}

/**
 * Declares a game's wire from its layout (see {@link WireOptions}): once, in the game's shared
 * code, so its server and its pages read the same numbers. Throws a RangeError naming the
 * option and its value when one is out of range.
 */
export function defineWire(options: WireOptions): Wire {
  return new Wire(options);
}
