import {
  DEFAULT_MAX_BUFFERED,
  DEFAULT_MAX_PACKET_BYTES,
  MATCH_ID,
  MAX_SEATS,
  RELAY_HEADER_BYTES,
} from './protocol.js';

/**
 * When a pair of pages falls back to the signaling server's relay: `auto` when the data channel
 * has not opened within `connectTimeoutMs` (or fails, or closes later), `always` from the start
 * (no WebRTC at all), `never` (a pair that cannot connect directly reports `failed`).
 */
export type RelayMode = 'auto' | 'always' | 'never';

/** A WebRTC peer connection's constructor: the page's own, or node-datachannel's polyfill in Node. */
export type PeerConnectionConstructor = new (configuration: RTCConfiguration) => RTCPeerConnection;
/** A WebSocket constructor: the page's own, or the `ws` package's in Node 20 (which has none). */
export type SocketConstructor = new (url: string) => WebSocket;

/** Options of {@link joinMatch}: where the signaling server is, the match and seat, the routes. */
export interface MeshOptions {
  /** The signaling server's WebSocket URL (`ws://…` or `wss://…`). */
  url: string;
  /** The match to join: 1 to 64 letters, digits, `_` or `-`. Pages of one match meet. */
  match: string;
  /** This page's seat in the match, an integer from 0 (the server's `seats` bounds it). */
  seat: number;
  /** When to use the relay; default `auto`. */
  relay?: RelayMode;
  /** Milliseconds a pair's data channel has to open before `auto` falls back to the relay; default 5 000. */
  connectTimeoutMs?: number;
  /** Milliseconds the server has to answer the join; default 10 000. */
  joinTimeoutMs?: number;
  /** STUN and TURN servers for real networks; default none (loopback and one LAN need none). */
  iceServers?: RTCIceServer[];
  /** Bytes a message may have (after its type byte); default 1 024. The server's `maxPacketBytes` must allow it on the relay. */
  maxPacketBytes?: number;
  /** Bytes a data channel or the socket may hold unsent before sends are dropped; default 64 KiB. */
  maxBuffered?: number;
  /** Default `globalThis.RTCPeerConnection`; in Node, `node-datachannel/polyfill`'s. Unused with `relay: 'always'`. */
  RTCPeerConnection?: PeerConnectionConstructor;
  /** Default `globalThis.WebSocket`; in Node 20, the `ws` package's `WebSocket`. */
  WebSocket?: SocketConstructor;
}

/** {@link MeshOptions} with every default applied and every value checked. */
export interface ResolvedMeshOptions {
  url: string;
  match: string;
  seat: number;
  relay: RelayMode;
  connectTimeoutMs: number;
  joinTimeoutMs: number;
  iceServers: RTCIceServer[];
  maxPacketBytes: number;
  maxBuffered: number;
  RTCPeerConnection: PeerConnectionConstructor | undefined;
  WebSocket: SocketConstructor;
}

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

/** The constructor given, else the global one, else a RangeError saying what to pass. */
function constructorOf<T>(name: string, given: T | undefined, fallback: unknown, where: string): T {
  const ctor = given ?? fallback;
  if (typeof ctor !== 'function') {
    throw new RangeError(`${name} must be a constructor; none is global here: pass ${where}`);
  }
  return ctor as T;
}

/** Applies the defaults and checks every option: a RangeError names the option and its value. */
export function resolveMeshOptions(options: MeshOptions): ResolvedMeshOptions {
  const { url, match } = options;
  if (typeof url !== 'string' || !/^wss?:\/\/./.test(url)) {
    throw new RangeError(`url must be a ws:// or wss:// URL, got ${String(url)}`);
  }
  if (typeof match !== 'string' || !MATCH_ID.test(match)) {
    throw new RangeError(`match must be 1 to 64 letters, digits, _ or -, got ${String(match)}`);
  }
  const relay = options.relay ?? 'auto';
  if (relay !== 'auto' && relay !== 'always' && relay !== 'never') {
    throw new RangeError(`relay must be auto, always or never, got ${String(relay)}`);
  }
  const iceServers = options.iceServers ?? [];
  if (!Array.isArray(iceServers)) {
    throw new RangeError(`iceServers must be an array, got ${String(iceServers)}`);
  }
  const g = globalThis as { RTCPeerConnection?: unknown; WebSocket?: unknown };
  return {
    url,
    match,
    seat: integer('seat', options.seat, Number.NaN, 0, MAX_SEATS - 1),
    relay,
    connectTimeoutMs: integer('connectTimeoutMs', options.connectTimeoutMs, 5000, 1, 600_000),
    joinTimeoutMs: integer('joinTimeoutMs', options.joinTimeoutMs, 10_000, 1, 600_000),
    iceServers,
    maxPacketBytes: integer(
      'maxPacketBytes',
      options.maxPacketBytes,
      DEFAULT_MAX_PACKET_BYTES,
      1,
      65_535 - RELAY_HEADER_BYTES,
    ),
    maxBuffered: integer('maxBuffered', options.maxBuffered, DEFAULT_MAX_BUFFERED, 0, 2 ** 30),
    RTCPeerConnection:
      relay === 'always'
        ? undefined
        : constructorOf<PeerConnectionConstructor>(
            'RTCPeerConnection',
            options.RTCPeerConnection,
            g.RTCPeerConnection,
            "node-datachannel/polyfill's in Node, or relay: 'always'",
          ),
    WebSocket: constructorOf<SocketConstructor>(
      'WebSocket',
      options.WebSocket,
      g.WebSocket,
      "the ws package's WebSocket in Node 20",
    ),
  };
}
