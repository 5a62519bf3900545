import { ConfirmedChecksums } from './checksums.js';
import type { DesyncReport } from './desync.js';
import { Membership } from './membership.js';
import type { ResolvedRollbackOptions } from './options.js';
import { PacketCodec, PacketHeader } from './packet.js';
import { PeerTable } from './peers.js';
import { MatchRecorder } from './recording.js';
import { Simulation } from './simulation.js';
import { SpectatorFeed } from './spectator.js';
import { SyncCheck } from './sync-check.js';

/** Where a session stands: measuring round trips, asking to rejoin, playing, or dropped by the others. */
export type SessionState = 'syncing' | 'joining' | 'running' | 'dropped';

/** A session's counters, for a panel and for tests; updated in place. */
export interface SessionCounts {
  /** Ticks stepped for the first time, rollbacks, ticks stepped again by them. */
  steps: number;
  rollbacks: number;
  resimulated: number;
  /** Updates that did not step: at the prediction limit (or the history's), and skipped by frame advantage. */
  waited: number;
  skipped: number;
  /** Extra ticks stepped to catch up with peers ahead. */
  caughtUp: number;
  /** Packets sent and received, and received ones refused (not this match's, another epoch). */
  sent: number;
  received: number;
  malformed: number;
  stale: number;
  /** Desyncs found (the first is the session's `desync`). */
  desyncs: number;
  /** Other peers' checksum reports compared with this peer's (confirmed ticks only). */
  compared: number;
  /** Sync-test checks run (a few ticks stepped again and compared each): 0 with `syncTest` off. */
  checked: number;
}

/**
 * The state a rollback session's parts share (the session, its receiving and sending, its
 * membership steps): one object, made once, so the logic can live in files of one concept each.
 * Internal: a game reads it through {@link RollbackSession}.
 */
export class SessionCore {
  readonly sim: Simulation;
  readonly members: Membership;
  readonly peers: PeerTable;
  readonly checksums: ConfirmedChecksums;
  readonly out: PacketHeader;
  readonly in: PacketHeader;
  readonly codec: PacketCodec;
  readonly check: SyncCheck | undefined;
  readonly recorder: MatchRecorder | undefined;
  readonly feed: SpectatorFeed | undefined;
  /** The local player's input for the next tick: `inputWords` words the game writes. */
  readonly input: Int32Array;
  readonly counts: SessionCounts = {
    steps: 0,
    rollbacks: 0,
    resimulated: 0,
    waited: 0,
    skipped: 0,
    caughtUp: 0,
    sent: 0,
    received: 0,
    malformed: 0,
    stale: 0,
    desyncs: 0,
    compared: 0,
    checked: 0,
  };
  state: SessionState;
  /** Ticks of input delay in force. */
  delay: number;
  /** The next tick the local input goes to (every local tick before it is known). */
  nextInput = 0;
  /** The first tick of the local player's own inputs (a rejoin's tick; 0 from the start). */
  firstInput = 0;
  /** The tick every peer holds every input before: states up to it are final. */
  confirmed = 0;
  /** This session's clock at the current update (in a Float64Array: a double field boxes each write). */
  readonly #now = new Float64Array(1);
  /** The clock when the packet being received came (the same, for a packet). */
  readonly arrival = new Float64Array(1);
  /** The first desync found, and whether it has been told yet. */
  desync: DesyncReport | null = null;
  told = false;
  /** Ticks since the last skip, and since the delay was last reconsidered. */
  sinceSkip = 0;
  sinceDelay = 0;
  /** When the last join request went (a rejoining session). */
  lastJoin = Number.NEGATIVE_INFINITY;

  constructor(readonly o: ResolvedRollbackOptions) {
    const { game, players, local } = o;
    this.#now[0] = o.now();
    this.sim = new Simulation(game, players, o.slots);
    this.members = new Membership(players, local);
    this.peers = new PeerTable(players, this.#now[0]!);
    this.checksums = new ConfirmedChecksums(game.parts.length, o.checksumInterval);
    this.out = new PacketHeader(players, game.parts.length, game.inputWords, o.redundancy);
    this.in = new PacketHeader(players, game.parts.length, game.inputWords, o.redundancy);
    this.codec = new PacketCodec(this.out);
    this.check = o.syncTest ? new SyncCheck(game) : undefined;
    this.recorder = o.record
      ? new MatchRecorder(players, game.inputWords, game.build ?? 'rollback', o.timestep)
      : undefined;
    this.feed =
      o.spectators.length > 0
        ? new SpectatorFeed(o.spectators, players, game.inputWords)
        : undefined;
    this.input = new Int32Array(game.inputWords);
    this.delay = o.minDelay;
    this.state = o.rejoin ? 'joining' : 'syncing';
    // The game's state as given is the state before tick 0 (a rejoining peer's comes from the host).
    if (!o.rejoin) this.sim.begin(0);
  }

  /** This session's clock at the current update, ms. */
  get now(): number {
    return this.#now[0]!;
  }
  set now(ms: number) {
    this.#now[0] = ms;
  }

  /** The least, over remote players, of the inputs held without a gap: how far prediction starts. */
  minReceived(): number {
    let least = Number.MAX_SAFE_INTEGER;
    for (let p = 0; p < this.o.players; p++) {
      if (p !== this.o.local) least = Math.min(least, this.sim.inputs[p]!.received);
    }
    return least;
  }

  /**
   * The confirmed tick now: the least, over players, of the inputs held without a gap by this
   * peer and by every peer still playing (as they report), never past the frame, never back.
   */
  updateConfirmed(): number {
    const { players, local } = this.o;
    let tick = this.sim.frame;
    for (let p = 0; p < players; p++) {
      let held = p === local ? this.nextInput : this.sim.inputs[p]!.received;
      for (let r = 0; r < players; r++) {
        if (this.members.playing(r)) held = Math.min(held, this.peers.known[r * players + p]!);
      }
      tick = Math.min(tick, held);
    }
    if (tick > this.confirmed) this.confirmed = tick;
    return this.confirmed;
  }

  /** Play starts (or starts again, after a rejoin) from the state of `tick`. */
  started(tick: number): void {
    const history = this.sim.history;
    if (tick % this.o.checksumInterval === 0) {
      this.checksums.add(tick, history);
    }
    this.recorder?.start(history.bytes(tick));
  }

  /** Keeps a found desync (the first) for the next update to tell. */
  found(report: DesyncReport): void {
    this.counts.desyncs++;
    if (this.desync === null) this.desync = report;
  }
}
