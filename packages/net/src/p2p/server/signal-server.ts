import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';
import { CLOSE_JOIN_TIMEOUT } from '../../server/close-reason.js';
import { CLOSE_FLOOD, CLOSE_MALFORMED, CLOSE_OVERSIZE } from '../../wire/messages.js';
import {
  CLIENT_SPECS,
  CLOSE_REFUSED,
  CLOSE_SEAT_TAKEN,
  type ClientMessage,
  RELAY_HEADER_BYTES,
  type ServerMessage,
} from '../protocol.js';
import { readMessage } from '../read-message.js';
import {
  type ResolvedSignalServerOptions,
  resolveSignalServerOptions,
  type SignalServerOptions,
} from './server-options.js';
import { TokenBucket } from './token-bucket.js';

/** One page's connection: its flood guard and, once joined, its match and seat. */
interface Conn {
  readonly socket: WebSocket;
  readonly bucket: TokenBucket;
  match: Match | undefined;
  seat: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** A match: its id and who holds each seat. */
interface Match {
  readonly id: string;
  readonly seats: (Conn | undefined)[];
}

/** What the server has done: connections closed for each fault, frames forwarded and relayed. */
export interface SignalServerCounts {
  connections: number;
  oversize: number;
  malformed: number;
  flood: number;
  refused: number;
  timedOut: number;
  signals: number;
  relayed: number;
  /** Signals and packets for an empty seat (its page left meanwhile): dropped. */
  undelivered: number;
}

/** A running signaling server: its port, what it has done, and a way to stop it. */
export interface SignalServer {
  readonly port: number;
  readonly counts: SignalServerCounts;
  /** The matches held now (a test's view). */
  readonly matches: ReadonlyMap<string, { readonly seats: readonly unknown[] }>;
  close(): Promise<void>;
}

/**
 * The peer-to-peer pages' signaling server, on the `ws` package: it seats pages in matches,
 * forwards WebRTC offers, answers and ICE candidates between seats of one match (with `from`
 * for `to`), tells a match when a page comes or goes, and relays binary packets,
 * `[seat][type][payload]`, for a pair whose data channel did not open. It never parses game
 * data. Every connection is a stranger's: a frame over its size, JSON it cannot read, a type
 * it does not take, or more frames than its token bucket allows closes that connection alone
 * (4413, 4400, 4400, 4429), before anything else is done with the frame.
 */
export function createSignalServer(options: SignalServerOptions = {}): Promise<SignalServer> {
  const o = resolveSignalServerOptions(options);
  const counts: SignalServerCounts = {
    connections: 0,
    oversize: 0,
    malformed: 0,
    flood: 0,
    refused: 0,
    timedOut: 0,
    signals: 0,
    relayed: 0,
    undelivered: 0,
  };
  const matches = new Map<string, Match>();
  const wss = new WebSocketServer({
    host: o.host,
    port: o.port,
    // ws itself refuses (1009) a frame four times past any cap, before it is buffered whole;
    // one a little past a cap is read and closed here with the cap's own code (4413).
    maxPayload: 4 * Math.max(o.maxSignalBytes, o.maxPacketBytes + RELAY_HEADER_BYTES),
    perMessageDeflate: false,
  });
  wss.on('connection', (socket) => {
    counts.connections++;
    const conn: Conn = {
      socket,
      bucket: new TokenBucket(o.framesPerSecond, o.burst, o.now),
      match: undefined,
      seat: -1,
      timer: undefined,
    };
    conn.timer = setTimeout(() => {
      counts.timedOut++;
      socket.close(CLOSE_JOIN_TIMEOUT, 'no join in time');
    }, o.joinTimeoutMs);
    socket.on('message', (data, isBinary) =>
      onFrame(o, counts, matches, conn, data as Buffer, isBinary),
    );
    socket.on('close', () => leave(matches, conn));
    socket.on('error', () => socket.terminate());
  });
  return new Promise((resolve, reject) => {
    wss.once('error', reject);
    wss.once('listening', () => {
      resolve({
        port: (wss.address() as AddressInfo).port,
        counts,
        matches,
        close: () =>
          new Promise<void>((done) => {
            for (const client of wss.clients) client.terminate();
            wss.close(() => done());
          }),
      });
    });
  });
}

/** Closes `conn` for a fault, counted under `count`. */
function kick(
  counts: SignalServerCounts,
  conn: Conn,
  count: keyof SignalServerCounts,
  code: number,
  reason: string,
): void {
  counts[count]++;
  conn.socket.close(code, reason);
}

function onFrame(
  o: ResolvedSignalServerOptions,
  counts: SignalServerCounts,
  matches: Map<string, Match>,
  conn: Conn,
  data: Buffer,
  isBinary: boolean,
): void {
  if (conn.socket.readyState !== 1) return;
  if (!conn.bucket.take()) {
    kick(counts, conn, 'flood', CLOSE_FLOOD, 'too many frames');
    return;
  }
  if (isBinary) {
    relay(o, counts, conn, data);
    return;
  }
  if (data.length > o.maxSignalBytes) {
    kick(counts, conn, 'oversize', CLOSE_OVERSIZE, 'frame too large');
    return;
  }
  const verdict = readMessage<ClientMessage>(data.toString('utf8'), CLIENT_SPECS, o.maxSignalBytes);
  if (!verdict.ok) {
    if (verdict.why === 'oversize') {
      kick(counts, conn, 'oversize', CLOSE_OVERSIZE, 'frame too large');
      return;
    }
    kick(counts, conn, 'malformed', CLOSE_MALFORMED, `${verdict.why} message`);
    return;
  }
  const message = verdict.message;
  if (message.t === 'join') {
    join(o, counts, matches, conn, message.match, message.seat);
    return;
  }
  const match = conn.match;
  if (match === undefined || message.to === conn.seat || message.to >= o.seats) {
    kick(
      counts,
      conn,
      'malformed',
      CLOSE_MALFORMED,
      'a signal before the join, or to no other seat',
    );
    return;
  }
  if (message.t === 'relay' && !o.relay) {
    kick(counts, conn, 'refused', CLOSE_REFUSED, 'the relay is off');
    return;
  }
  const to = match.seats[message.to];
  if (to === undefined) {
    counts.undelivered++;
    return;
  }
  let out: ServerMessage;
  if (message.t === 'candidate') {
    out = { t: 'candidate', from: conn.seat, candidate: message.candidate, mid: message.mid };
  } else if (message.t === 'relay') out = { t: 'relay', from: conn.seat };
  else out = { t: message.t, from: conn.seat, sdp: message.sdp };
  counts.signals++;
  to.socket.send(JSON.stringify(out));
}

/** Seats `conn` in `id` at `seat`, tells it who is there and them that it came. */
function join(
  o: ResolvedSignalServerOptions,
  counts: SignalServerCounts,
  matches: Map<string, Match>,
  conn: Conn,
  id: string,
  seat: number,
): void {
  if (conn.match !== undefined) {
    kick(counts, conn, 'malformed', CLOSE_MALFORMED, 'joined already');
    return;
  }
  if (seat >= o.seats) {
    kick(counts, conn, 'refused', CLOSE_REFUSED, `seat ${seat} is not below ${o.seats}`);
    return;
  }
  let match = matches.get(id);
  if (match === undefined) {
    if (matches.size >= o.maxMatches) {
      kick(counts, conn, 'refused', CLOSE_REFUSED, 'no room for another match');
      return;
    }
    match = { id, seats: new Array(o.seats).fill(undefined) };
    matches.set(id, match);
  }
  if (match.seats[seat] !== undefined) {
    kick(counts, conn, 'refused', CLOSE_SEAT_TAKEN, `seat ${seat} is taken`);
    return;
  }
  clearTimeout(conn.timer);
  conn.match = match;
  conn.seat = seat;
  match.seats[seat] = conn;
  const peers: number[] = [];
  for (let s = 0; s < match.seats.length; s++) {
    const other = match.seats[s];
    if (other === undefined || other === conn) continue;
    peers.push(s);
    other.socket.send(JSON.stringify({ t: 'peer', seat } satisfies ServerMessage));
  }
  conn.socket.send(JSON.stringify({ t: 'joined', seat, peers } satisfies ServerMessage));
}

/** Forwards a binary packet `[to][type][payload]` as `[from][type][payload]`. */
function relay(
  o: ResolvedSignalServerOptions,
  counts: SignalServerCounts,
  conn: Conn,
  data: Buffer,
): void {
  if (!o.relay) {
    kick(counts, conn, 'refused', CLOSE_REFUSED, 'the relay is off');
    return;
  }
  if (data.length > o.maxPacketBytes + RELAY_HEADER_BYTES) {
    kick(counts, conn, 'oversize', CLOSE_OVERSIZE, 'packet too large');
    return;
  }
  const match = conn.match;
  const to = data.length >= RELAY_HEADER_BYTES ? data[0]! : -1;
  if (match === undefined || to < 0 || to === conn.seat || to >= o.seats) {
    kick(
      counts,
      conn,
      'malformed',
      CLOSE_MALFORMED,
      'a packet before the join, or to no other seat',
    );
    return;
  }
  const target = match.seats[to];
  if (target === undefined) {
    counts.undelivered++;
    return;
  }
  // The received buffer is this server's: its first byte becomes the sender's seat.
  data[0] = conn.seat;
  counts.relayed++;
  target.socket.send(data, { binary: true });
}

/** Frees `conn`'s seat and tells the rest of its match; an empty match is forgotten. */
function leave(matches: Map<string, Match>, conn: Conn): void {
  clearTimeout(conn.timer);
  const match = conn.match;
  if (match === undefined) return;
  conn.match = undefined;
  match.seats[conn.seat] = undefined;
  let anyone = false;
  for (const other of match.seats) {
    if (other === undefined) continue;
    anyone = true;
    if (other.socket.readyState === 1)
      other.socket.send(JSON.stringify({ t: 'left', seat: conn.seat } satisfies ServerMessage));
  }
  if (!anyone) matches.delete(match.id);
}
