/** Bytes of a join request: the rejoining peer's send time (f64 ms) and its player (u8). */
export const JOIN_BYTES = 9;
/** Ms between a rejoining peer's requests while no state has come. */
export const JOIN_RESEND_MS = 250;

/**
 * What the host sends a rejoining peer: a confirmed state and what it needs to go on from it.
 * Sent on each join request until the peer is heard playing (a lost one is asked for again),
 * so it is made when needed, not per tick.
 */
export interface JoinState {
  /** The request's send time echoed, and how long the host held it (ms): a round-trip sample. */
  echo: number;
  held: number;
  /** The tick of `state`: confirmed on the host, so final. */
  tick: number;
  /** The rejoin tick: the player's real inputs start there (absent before). */
  joinAt: number;
  /** The rejoining player's new epoch. */
  epoch: number;
  /** Per player: epoch, agreed leaving tick (−1), absent-until tick (−1), dropped (1). */
  epochs: Int32Array;
  leftAt: Int32Array;
  absentUntil: Int32Array;
  gone: Int32Array;
  /** The state before `tick`, as the session's history gives it. */
  state: Uint8Array;
}

/** Writes a join request into `out` (JOIN_BYTES) and returns it. */
export function encodeJoin(
  out: Uint8Array,
  view: DataView,
  sentAt: number,
  player: number,
): Uint8Array {
  view.setFloat64(0, sentAt, true);
  view.setUint8(8, player);
  return out;
}

/** Reads a join request: the player, or −1 when it is not one; its send time into `sentAt[0]`. */
export function decodeJoin(bytes: Uint8Array, players: number, sentAt: Float64Array): number {
  if (bytes.byteLength !== JOIN_BYTES) return -1;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const player = view.getUint8(8);
  sentAt[0] = view.getFloat64(0, true);
  return player < players && Number.isFinite(sentAt[0]) ? player : -1;
}

const STATE_HEAD = 28;

/** The host's answer as bytes. */
export function encodeState(s: JoinState, players: number): Uint8Array {
  const head = STATE_HEAD + 16 * players + 4;
  const out = new Uint8Array(head + s.state.byteLength);
  const v = new DataView(out.buffer);
  v.setFloat64(0, s.echo, true);
  v.setFloat64(8, s.held, true);
  v.setInt32(16, s.tick, true);
  v.setInt32(20, s.joinAt, true);
  v.setInt32(24, s.epoch, true);
  for (let p = 0, at = STATE_HEAD; p < players; p++, at += 16) {
    v.setInt32(at, s.epochs[p]!, true);
    v.setInt32(at + 4, s.leftAt[p]!, true);
    v.setInt32(at + 8, s.absentUntil[p]!, true);
    v.setInt32(at + 12, s.gone[p]!, true);
  }
  v.setUint32(head - 4, s.state.byteLength, true);
  out.set(s.state, head);
  return out;
}

/** Reads the host's answer; null when the bytes are not one for `players` players. */
export function decodeState(bytes: Uint8Array, players: number): JoinState | null {
  const head = STATE_HEAD + 16 * players + 4;
  if (bytes.byteLength < head) return null;
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = v.getUint32(head - 4, true);
  if (head + length !== bytes.byteLength) return null;
  const s: JoinState = {
    echo: v.getFloat64(0, true),
    held: v.getFloat64(8, true),
    tick: v.getInt32(16, true),
    joinAt: v.getInt32(20, true),
    epoch: v.getInt32(24, true),
    epochs: new Int32Array(players),
    leftAt: new Int32Array(players),
    absentUntil: new Int32Array(players),
    gone: new Int32Array(players),
    state: bytes.slice(head),
  };
  for (let p = 0, at = STATE_HEAD; p < players; p++, at += 16) {
    s.epochs[p] = v.getInt32(at, true);
    s.leftAt[p] = v.getInt32(at + 4, true);
    s.absentUntil[p] = v.getInt32(at + 8, true);
    s.gone[p] = v.getInt32(at + 12, true);
  }
  if (s.tick < 0 || s.joinAt < s.tick || !Number.isFinite(s.echo) || !Number.isFinite(s.held))
    return null;
  return s;
}
