import { ServerClock } from '../page/server-clock.js';
import { FrameAdvantage } from './time-sync.js';

/**
 * What a session knows of each remote peer, by player, from its packets: when it was last
 * heard, its clock (each packet echoes the last send time it saw and says how long it held it,
 * so every packet is a ping and a pong and the round trip needs no messages of its own), its
 * frame and frame advantage, and what it says it holds of every player's inputs. Typed arrays
 * and one clock per peer, made once.
 */
export class PeerTable {
  /** Round trips, per peer (`rtt` is the median of the last 16 samples, ms). */
  readonly clocks: ServerClock[];
  /** Round-trip samples taken per peer. */
  readonly samples: Int32Array;
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
    this.clocks = Array.from({ length: players }, () => new ServerClock());
    this.samples = new Int32Array(players);
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
    return this.clocks[peer]!.rtt;
  }

  /** Takes the clock fields of a packet from `peer` that came at `now`. */
  clock(peer: number, sentAt: number, echo: number, held: number, now: number): void {
    this.lastHeard[peer] = now;
    if (sentAt > this.lastSentAt[peer]!) {
      this.lastSentAt[peer] = sentAt;
      this.arrivedAt[peer] = now;
    }
    // The echo is this peer's own send time: the round trip is now − echo − the time held there.
    if (echo >= 0 && this.clocks[peer]!.sample(echo + held, sentAt, now))
      this.samples[peer] = this.samples[peer]! + 1;
  }

  /** The peer's frame as estimated now: the newest it reported plus the one-way trip, in ticks. */
  estimatedFrame(peer: number, timestep: number): number {
    const rtt = this.rtt(peer);
    return this.frames[peer]! + (rtt >= 0 ? rtt / (2 * timestep) : 0);
  }

  /** Forgets what was known of `peer` (it rejoins, a new session on its side). */
  reset(peer: number, now: number): void {
    this.lastHeard[peer] = now;
    this.lastSentAt[peer] = -1;
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
