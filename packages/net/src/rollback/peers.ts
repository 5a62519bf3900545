import { FrameAdvantage } from './time-sync.js';

/** Round-trip samples kept per peer: the median of the last 16 is the round trip. */
export const RTT_WINDOW = 16;

/**
 * What a session knows of each remote peer, by player, from its packets: when it was last
 * heard, its clock (each packet echoes the last send time it saw and says how long it held it,
 * so every packet is a ping and a pong and the round trip needs no messages of its own), its
 * frame and frame advantage, and what it says it holds of every player's inputs. Typed arrays
 * and one clock per peer, made once.
 */
export class PeerTable {
  /** Each peer's round trip in ms, the median of its last {@link RTT_WINDOW} samples; NaN before one. */
  readonly rtts: Float64Array;
  /** Each peer's frame as estimated at the last {@link refresh}: its newest plus the one-way trip, in ticks. */
  readonly estimated: Float64Array;
  /** Round-trip samples taken per peer. */
  readonly samples: Int32Array;
  readonly #window: Float64Array;
  readonly #sorted = new Float64Array(RTT_WINDOW);
  /** When a packet of the peer last came (this peer's clock, ms). */
  readonly lastHeard: Float64Array;
  /** The newest send time seen from the peer (its clock) and when it came (this one's). */
  readonly lastSentAt: Float64Array;
  readonly arrivedAt: Float64Array;
  /** The newest frame the peer reported (−1 while it syncs), and its advantage over this peer. */
  readonly frames: Int32Array;
  readonly remoteAdvantage: Float64Array;
  /** Frame advantage windows per peer. */
  readonly advantage: FrameAdvantage[];
  /** Whether the peer still measures round trips (has not started). */
  readonly syncing: Uint8Array;
  /** The newest of this peer's checksum ticks the peer has compared, and of its ticks this one has. */
  readonly theirCheckAck: Int32Array;
  readonly ourCheckAck: Int32Array;
  /** The last checksum tick found equal with the peer; −1 none. */
  readonly lastMatched: Int32Array;
  /** Row R: what peer R says it holds of each player's inputs (ticks without a gap). */
  readonly known: Int32Array;
  /** Row R: peer R's final `known` of each player it dropped (−1 none), and its epoch of each. */
  readonly goneAt: Int32Array;
  readonly epochs: Int32Array;

  constructor(
    readonly players: number,
    now: number,
  ) {
    this.rtts = new Float64Array(players).fill(Number.NaN);
    this.estimated = new Float64Array(players);
    this.samples = new Int32Array(players);
    this.#window = new Float64Array(players * RTT_WINDOW);
    this.lastHeard = new Float64Array(players).fill(now);
    this.lastSentAt = new Float64Array(players).fill(-1);
    this.arrivedAt = new Float64Array(players);
    this.frames = new Int32Array(players).fill(-1);
    this.remoteAdvantage = new Float64Array(players);
    this.advantage = Array.from({ length: players }, () => new FrameAdvantage());
    this.syncing = new Uint8Array(players).fill(1);
    this.theirCheckAck = new Int32Array(players).fill(-1);
    this.ourCheckAck = new Int32Array(players).fill(-1);
    this.lastMatched = new Int32Array(players).fill(-1);
    this.known = new Int32Array(players * players);
    this.goneAt = new Int32Array(players * players).fill(-1);
    this.epochs = new Int32Array(players * players);
  }

  /** The round trip to `peer` in ms (median of its window); NaN before a sample. */
  rtt(peer: number): number {
    return this.rtts[peer]!;
  }

  /**
   * Takes the clock fields of a packet from `peer` (`times`: its send time, the echo of this
   * peer's, the ms it held that) that came at `now[0]` (typed arrays in, so no number is boxed).
   */
  clock(peer: number, times: Float64Array, now: Float64Array): void {
    const at = now[0]!;
    this.lastHeard[peer] = at;
    if (times[0]! > this.lastSentAt[peer]!) {
      this.lastSentAt[peer] = times[0]!;
      this.arrivedAt[peer] = at;
    }
    // The echo is this peer's own send time: the round trip is now − echo − the time held there.
    const echo = times[1]!;
    const rtt = at - echo - times[2]!;
    if (echo >= 0 && rtt >= 0 && rtt < Number.POSITIVE_INFINITY) this.sample(peer, rtt);
  }

  /** Takes a round-trip sample (ms) and sets the peer's round trip to the window's median. */
  sample(peer: number, rtt: number): void {
    const n = this.samples[peer]!;
    this.#window[peer * RTT_WINDOW + (n % RTT_WINDOW)] = rtt;
    this.samples[peer] = n + 1;
    const count = Math.min(n + 1, RTT_WINDOW);
    const sorted = this.#sorted;
    for (let i = 0; i < count; i++) {
      const value = this.#window[peer * RTT_WINDOW + i]!;
      let j = i;
      for (; j > 0 && sorted[j - 1]! > value; j--) sorted[j] = sorted[j - 1]!;
      sorted[j] = value;
    }
    this.rtts[peer] =
      count % 2 === 1 ? sorted[count >> 1]! : (sorted[count / 2 - 1]! + sorted[count / 2]!) / 2;
  }

  /** Estimates every peer's frame now ({@link estimated}): the newest it reported plus the one-way trip. */
  refresh(timestep: number): void {
    for (let p = 0; p < this.players; p++) {
      const rtt = this.rtts[p]!;
      this.estimated[p] = this.frames[p]! + (rtt >= 0 ? rtt / (2 * timestep) : 0);
    }
  }

  /** Forgets what was known of `peer` (it rejoins, a new session on its side). */
  reset(peer: number, now: number): void {
    this.lastHeard[peer] = now;
    this.lastSentAt[peer] = -1;
    this.samples[peer] = 0;
    this.rtts[peer] = Number.NaN;
    this.frames[peer] = -1;
    this.remoteAdvantage[peer] = 0;
    this.advantage[peer]!.clear();
    this.syncing[peer] = 1;
    this.theirCheckAck[peer] = -1;
    this.ourCheckAck[peer] = -1;
    this.lastMatched[peer] = -1;
    const row = peer * this.players;
    this.known.fill(0, row, row + this.players);
    this.goneAt.fill(-1, row, row + this.players);
  }
}
