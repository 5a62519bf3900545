/**
 * The rollback session's messages, by type on each peer's {@link Link}. Numbers from 82 ('R')
 * so they stay clear of the server-authoritative messages (1–4) on a shared transport.
 */
/** Every tick, to each peer: the header (clocks, frame, what the sender holds), checksums, inputs. */
export const MSG_RB_INPUT = 82;
/** A rejoining peer asks for a state: its player and its send time. */
export const MSG_RB_JOIN = 83;
/** The host's answer to a join: a confirmed state, its tick, the match's membership. */
export const MSG_RB_STATE = 84;
/** To a spectator: confirmed ticks, each the presence bits then every player's input. */
export const MSG_RB_SPECTATE = 85;
/** A spectator's acknowledgement: the next tick it needs. */
export const MSG_RB_SPECTATOR_ACK = 86;

/** Header bytes before the per-player fields. */
const HEAD = 44;
/** Bytes of the per-player fields: known, goneAt, absentUntil, epoch (i32 each). */
const PER_PLAYER = 16;
/**
 * Confirmed checksums per packet, at most: consecutive ticks from the first the receiver has
 * not compared, so a lost packet leaves no gap (the next one starts where the receiver is).
 */
export const MAX_REPORTS = 16;

/** The sender is still measuring round trips: it has not started the match. */
export const FLAG_SYNCING = 1;

/**
 * Everything an input packet's header says, in one object made once per session (read into
 * and written from, never allocated per packet).
 */
export class PacketHeader {
  /**
   * The header's fractional numbers (send time, echo, held, advantage), in a Float64Array: V8
   * boxes a double written to an object field (a heap number per write), which would be an
   * allocation per packet.
   */
  readonly times = new Float64Array([0, -1, 0, 0]);
  /** The sender's frame (ticks it has stepped); −1 while syncing. */
  frame = -1;
  sender = 0;
  flags = 0;
  /** The sender's epoch of its own player (how many times it rejoined). */
  epoch = 0;
  /** The newest of the receiver's checksum ticks the sender has compared; −1 none. */
  checksumAck = -1;
  /** Per player: ticks of its input the sender holds without a gap. */
  readonly known: Int32Array;
  /** Per player: −1, or the sender's `known` of it when the sender dropped it (its final word). */
  readonly goneAt: Int32Array;
  /** Per player: −1, or (from the host) the tick up to which the player is agreed absent. */
  readonly absentUntil: Int32Array;
  /** Per player: the sender's epoch of that player. */
  readonly epochs: Int32Array;
  /**
   * Checksum reports: `reports` totals of consecutive checksum ticks from `reportFirst` (one
   * checksum interval apart), and the part hashes of the first of them.
   */
  reports = 0;
  reportFirst = 0;
  readonly reportTotals = new Uint32Array(MAX_REPORTS);
  readonly reportParts: Uint32Array;
  /** The sender's own inputs: the first tick and how many. */
  firstTick = 0;
  count = 0;
  /** count × inputWords words. */
  readonly words: Int32Array;

  /** The sender's clock when it sent (ms). */
  get sentAt(): number {
    return this.times[0]!;
  }
  set sentAt(ms: number) {
    this.times[0] = ms;
  }
  /** The receiver's last send time the sender saw (−1 none), and the ms the sender held it. */
  get echo(): number {
    return this.times[1]!;
  }
  set echo(ms: number) {
    this.times[1] = ms;
  }
  get held(): number {
    return this.times[2]!;
  }
  set held(ms: number) {
    this.times[2] = ms;
  }
  /** The sender's frame advantage over the receiver, in ticks (GGPO's local frame advantage). */
  get advantage(): number {
    return this.times[3]!;
  }
  set advantage(ticks: number) {
    this.times[3] = ticks;
  }

  constructor(
    readonly players: number,
    readonly parts: number,
    readonly inputWords: number,
    readonly redundancy: number,
  ) {
    this.known = new Int32Array(players);
    this.goneAt = new Int32Array(players).fill(-1);
    this.absentUntil = new Int32Array(players).fill(-1);
    this.epochs = new Int32Array(players);
    this.reportParts = new Uint32Array(parts);
    this.words = new Int32Array(redundancy * inputWords);
  }
}

/**
 * Writes and reads input packets in buffers made once: a DataView over a buffer for the
 * largest packet, and a view of it for each size a packet can have, so sending allocates
 * nothing; a received packet is copied into a buffer of its own (a transport's bytes need not
 * be aligned) and checked before a field of it is trusted (never throws on hostile bytes).
 */
export class PacketCodec {
  readonly maxBytes: number;
  readonly #out: DataView;
  readonly #views: Uint8Array[];
  readonly #inBytes: Uint8Array;
  readonly #in: DataView;

  constructor(readonly shape: PacketHeader) {
    const redundancy = shape.redundancy;
    this.maxBytes = this.#bytes(MAX_REPORTS, redundancy);
    const out = new Uint8Array(this.maxBytes);
    this.#out = new DataView(out.buffer);
    this.#views = [];
    for (let r = 0; r <= MAX_REPORTS; r++) {
      for (let c = 0; c <= redundancy; c++) this.#views.push(out.subarray(0, this.#bytes(r, c)));
    }
    this.#inBytes = new Uint8Array(this.maxBytes);
    this.#in = new DataView(this.#inBytes.buffer);
  }

  #bytes(reports: number, count: number): number {
    const s = this.shape;
    return (
      HEAD +
      PER_PLAYER * s.players +
      4 +
      reports * 4 +
      (reports > 0 ? 4 * s.parts : 0) +
      8 +
      count * 4 * s.inputWords
    );
  }

  /** Writes `h` and returns the packet's bytes (a view valid until the next write). */
  write(h: PacketHeader): Uint8Array {
    const v = this.#out;
    v.setFloat64(0, h.sentAt, true);
    v.setFloat64(8, h.echo, true);
    v.setFloat64(16, h.held, true);
    v.setInt32(24, h.frame, true);
    v.setInt32(28, Math.round(h.advantage * 256), true);
    v.setUint8(32, h.sender);
    v.setUint8(33, h.flags);
    v.setUint8(34, h.reports);
    v.setUint8(35, h.parts);
    v.setInt32(36, h.epoch, true);
    v.setInt32(40, h.checksumAck, true);
    let at = HEAD;
    for (let p = 0; p < h.players; p++, at += PER_PLAYER) {
      v.setInt32(at, h.known[p]!, true);
      v.setInt32(at + 4, h.goneAt[p]!, true);
      v.setInt32(at + 8, h.absentUntil[p]!, true);
      v.setInt32(at + 12, h.epochs[p]!, true);
    }
    v.setInt32(at, h.reportFirst, true);
    at += 4;
    for (let r = 0; r < h.reports; r++, at += 4) v.setUint32(at, h.reportTotals[r]!, true);
    if (h.reports > 0) {
      for (let p = 0; p < h.parts; p++, at += 4) v.setUint32(at, h.reportParts[p]!, true);
    }
    v.setInt32(at, h.firstTick, true);
    v.setInt32(at + 4, h.count, true);
    at += 8;
    for (let i = 0; i < h.count * h.inputWords; i++, at += 4) v.setInt32(at, h.words[i]!, true);
    return this.#views[h.reports * (h.redundancy + 1) + h.count]!;
  }

  /**
   * Reads `bytes` into `h`; false (and `h` partly written: ignore it) for a packet that is not
   * one of this match's (another size, another shape, a count out of range, values that are
   * not finite).
   */
  read(bytes: Uint8Array, h: PacketHeader): boolean {
    if (bytes.byteLength > this.maxBytes || bytes.byteLength < this.#bytes(0, 0)) return false;
    this.#inBytes.set(bytes);
    const v = this.#in;
    const reports = v.getUint8(34);
    if (reports > MAX_REPORTS || v.getUint8(35) !== h.parts || v.getUint8(32) >= h.players)
      return false;
    const countAt = this.#bytes(reports, 0) - 4;
    if (countAt + 4 > bytes.byteLength) return false;
    const count = v.getInt32(countAt, true);
    if (count < 0 || count > h.redundancy || bytes.byteLength !== this.#bytes(reports, count))
      return false;
    h.sentAt = v.getFloat64(0, true);
    h.echo = v.getFloat64(8, true);
    h.held = v.getFloat64(16, true);
    if (!Number.isFinite(h.sentAt) || !Number.isFinite(h.echo) || !Number.isFinite(h.held))
      return false;
    h.frame = v.getInt32(24, true);
    h.advantage = v.getInt32(28, true) / 256;
    h.sender = v.getUint8(32);
    h.flags = v.getUint8(33);
    h.reports = reports;
    h.epoch = v.getInt32(36, true);
    h.checksumAck = v.getInt32(40, true);
    let at = HEAD;
    for (let p = 0; p < h.players; p++, at += PER_PLAYER) {
      h.known[p] = v.getInt32(at, true);
      h.goneAt[p] = v.getInt32(at + 4, true);
      h.absentUntil[p] = v.getInt32(at + 8, true);
      h.epochs[p] = v.getInt32(at + 12, true);
    }
    h.reportFirst = v.getInt32(at, true);
    at += 4;
    for (let r = 0; r < reports; r++, at += 4) h.reportTotals[r] = v.getUint32(at, true);
    if (reports > 0) {
      for (let p = 0; p < h.parts; p++, at += 4) h.reportParts[p] = v.getUint32(at, true);
    }
    h.firstTick = v.getInt32(at, true);
    h.count = count;
    at += 8;
    for (let i = 0; i < count * h.inputWords; i++, at += 4) h.words[i] = v.getInt32(at, true);
    return true;
  }
}
