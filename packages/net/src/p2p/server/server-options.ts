import {
  DEFAULT_MAX_PACKET_BYTES,
  DEFAULT_MAX_SIGNAL_BYTES,
  DEFAULT_SEATS,
  MAX_SEATS,
  RELAY_HEADER_BYTES,
} from '../protocol.js';

/** Options of {@link createSignalServer}: where it listens and what a stranger may cost it. */
export interface SignalServerOptions {
  /** Port to listen on (0 picks a free one, as tests do); default 0. */
  port?: number;
  /** Host to listen on; default `127.0.0.1` (loopback: a public server says so on purpose). */
  host?: string;
  /** Seats a match has, 2 to 256; default 8 (a rollback match of 2 to 8 players). */
  seats?: number;
  /** Matches the server holds at once; default 1 000. A join past it is refused (4403). */
  maxMatches?: number;
  /** Bytes of a text frame; default 16 KiB (an SDP offer is 1 to 4 KB). Past it: 4413. */
  maxSignalBytes?: number;
  /** Bytes of a relayed packet's payload; default 1 024 (the pages' `maxPacketBytes`). Past it: 4413. */
  maxPacketBytes?: number;
  /** Whether the server relays packets for pairs whose data channel did not open; default true. */
  relay?: boolean;
  /**
   * Frames a connection may send per second on average. Default `120 × (seats − 1)`, at least
   * 240: a page whose every link is relayed sends one packet a tick to each other seat, so an
   * honest page of a full match at up to 120 Hz stays under it (840 for the default 8 seats).
   * Past it: 4429.
   */
  framesPerSecond?: number;
  /** Frames a connection may send at once (ICE candidates come in bursts); default 120. */
  burst?: number;
  /** Milliseconds a connection has to join before it is closed (4408); default 10 000. */
  joinTimeoutMs?: number;
  /** The clock the flood guard reads, in ms; default `performance.now`. */
  now?: () => number;
}

/** {@link SignalServerOptions} with every default applied and every value checked. */
export type ResolvedSignalServerOptions = Required<SignalServerOptions>;

/** `value` if it is an integer from `min` to `max`, else a RangeError naming `name`. */
function integer(
  name: string,
  value: number | undefined,
  fallback: number,
  min: number,
  max: number,
) {
  const v = value ?? fallback;
  if (!Number.isInteger(v) || v < min || v > max) {
    throw new RangeError(`${name} must be an integer from ${min} to ${max}, got ${String(v)}`);
  }
  return v;
}

/** Applies the defaults and checks every option: a RangeError names the option and its value. */
export function resolveSignalServerOptions(
  options: SignalServerOptions = {},
): ResolvedSignalServerOptions {
  const host = options.host ?? '127.0.0.1';
  if (typeof host !== 'string' || host.length === 0) {
    throw new RangeError(`host must be a non-empty string, got ${String(host)}`);
  }
  const relay = options.relay ?? true;
  if (typeof relay !== 'boolean')
    throw new RangeError(`relay must be a boolean, got ${String(relay)}`);
  const now = options.now ?? (() => performance.now());
  if (typeof now !== 'function') throw new RangeError(`now must be a function, got ${String(now)}`);
  const seats = integer('seats', options.seats, DEFAULT_SEATS, 2, MAX_SEATS);
  return {
    port: integer('port', options.port, 0, 0, 65_535),
    host,
    seats,
    maxMatches: integer('maxMatches', options.maxMatches, 1000, 1, 1_000_000),
    maxSignalBytes: integer(
      'maxSignalBytes',
      options.maxSignalBytes,
      DEFAULT_MAX_SIGNAL_BYTES,
      64,
      1 << 20,
    ),
    maxPacketBytes: integer(
      'maxPacketBytes',
      options.maxPacketBytes,
      DEFAULT_MAX_PACKET_BYTES,
      1,
      65_535 - RELAY_HEADER_BYTES,
    ),
    relay,
    framesPerSecond: integer(
      'framesPerSecond',
      options.framesPerSecond,
      Math.max(240, 120 * (seats - 1)),
      1,
      100_000,
    ),
    burst: integer('burst', options.burst, 120, 1, 100_000),
    joinTimeoutMs: integer('joinTimeoutMs', options.joinTimeoutMs, 10_000, 1, 600_000),
    now,
  };
}
