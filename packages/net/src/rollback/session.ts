import type { Recording } from '@loop/core/replay';
import { SessionCore, type SessionCounts, type SessionState } from './core.js';
import { DesyncError, type DesyncReport } from './desync.js';
import { JOIN_RESEND_MS } from './join.js';
import { agreeLeaves, answerJoin, dropSilent, hostAbsence, takeState } from './leave-join.js';
import { type RollbackOptions, resolveRollbackOptions } from './options.js';
import { behindBy, canStep, shouldSkip } from './pacing.js';
import { MSG_RB_INPUT, MSG_RB_JOIN, MSG_RB_STATE } from './packet.js';
import { receivePacket } from './receive.js';
import { sendJoin, sendPackets } from './send.js';
import type { Simulation } from './simulation.js';
import { CATCH_UP_BEHIND, chooseDelay } from './time-sync.js';

/** Round-trip samples from every peer before the match starts and the input delay is chosen. */
export const SYNC_SAMPLES = 4;
/** Ticks between two looks at the input delay (it moves by one tick at most at each). */
export const DELAY_INTERVAL = 60;

/** What a player is, as this peer sees it. */
export type PlayerStatus = 'local' | 'playing' | 'gone' | 'absent';

/**
 * Rollback netcode over `@loop/core`'s fixed step, peer to peer (GGPO's model, as GGRS's
 * `P2PSession`): call {@link update} once per fixed tick, after writing the local player's input
 * into {@link input}. Each update takes the inputs that came, and when one contradicts the
 * prediction a tick was stepped with, loads that tick's state and steps again to the present
 * (a rollback, within the update); then steps one tick with the local input (delayed by
 * {@link delay} ticks) and every remote input known or predicted (the last known one), and sends
 * every peer one packet: its inputs not yet acknowledged (so loss is ridden out without
 * resends), checksums of confirmed ticks, and what it holds of everyone's.
 *
 * It waits (does not step) rather than predict more than `maxPrediction` ticks past the inputs
 * it holds, and a peer that runs ahead of the others skips a tick now and then (frame advantage)
 * so nobody is left stalling; a peer behind steps twice in an update to catch up. The input
 * delay is chosen from the measured round trip before the first tick and follows it. Players
 * who go silent are dropped at a tick every peer agrees on and may rejoin (a session made with
 * `rejoin: true`); spectators are fed confirmed inputs; a recording replays bit for bit.
 *
 * The session speaks only to `Link`s (`@loop/net`), one per remote peer: `sendBytes(type, bytes)` and
 * `onMessage(type, handler)`, unreliable and unordered allowed (a WebRTC data channel, a
 * WebSocket relay, a conditioned memory pair), carrying only this session's message types
 * (82–86, see packet.ts). Nothing is allocated per tick, per packet sent or per packet received.
 *
 * @example
 * const session = new RollbackSession({ game, players: 2, local: 0, links: [null, link] });
 * const loop = createLoop({
 *   update: () => {
 *     session.input[0] = keys.x; // the local player's input words
 *     session.update();
 *   },
 *   render: () => draw(game),
 * });
 */
export class RollbackSession {
  /** The local player's input for the next tick: `inputWords` words, written before {@link update}. */
  readonly input: Int32Array;
  readonly #core: SessionCore;
  /** Scratch for frame advantage: one peer's, the most. */
  readonly #ahead = new Float64Array(2);

  constructor(options: RollbackOptions) {
    const core = new SessionCore(resolveRollbackOptions(options));
    this.#core = core;
    this.input = core.input;
    const { links, players } = core.o;
    for (let p = 0; p < players; p++) {
      const link = links[p];
      if (!link) continue;
      link.onMessage(MSG_RB_INPUT, (bytes) => receivePacket(core, p, bytes));
      link.onMessage(MSG_RB_JOIN, (bytes) => answerJoin(core, p, bytes));
      link.onMessage(MSG_RB_STATE, (bytes) => takeState(core, p, bytes));
    }
  }

  /** Where the session stands: `syncing` (measuring round trips), `joining`, `running`, `dropped`. */
  get state(): SessionState {
    return this.#core.state;
  }

  /** Ticks stepped: the state now is the state before tick `frame`. */
  get frame(): number {
    return this.#core.sim.frame;
  }

  /** The confirmed tick: every peer holds every input before it, so states up to it are final. */
  get confirmed(): number {
    return this.#core.confirmed;
  }

  /** Ticks of input delay in force. */
  get delay(): number {
    return this.#core.delay;
  }

  /** Ticks stepped past the inputs held of every remote player (predicted), now. */
  get predicted(): number {
    return Math.max(0, this.#core.sim.frame - this.#core.minReceived());
  }

  /** Counters, updated in place (steps, rollbacks, resimulated, waited, skipped, packets, desyncs, sync-test checks). */
  get counts(): Readonly<SessionCounts> {
    return this.#core.counts;
  }

  /** The first desync found (sync test or peers); null while none. */
  get desync(): DesyncReport | null {
    return this.#core.desync;
  }

  /** The stepping core: the game's saved states and every player's inputs (for tests and tools). */
  get simulation(): Simulation {
    return this.#core.sim;
  }

  /** The round trip to `player`'s peer in ms (median of recent samples); NaN before one. */
  rtt(player: number): number {
    return this.#core.peers.rtt(player);
  }

  /** What `player` is here: this peer, playing, dropped (its leaving tick not yet agreed), or left. */
  status(player: number): PlayerStatus {
    const m = this.#core.members;
    if (player === this.#core.o.local) return 'local';
    if (m.gone[player] === 0) return 'playing';
    return m.leftAt[player]! < 0 ? 'gone' : 'absent';
  }

  /**
   * The checksum of confirmed tick `tick` (the state before it; a multiple of
   * `checksumInterval`, among the last 128, `CHECKSUM_HISTORY`), or −1 when not held.
   */
  checksum(tick: number): number {
    return this.#core.checksums.total(tick);
  }

  /** The next tick spectator `i` (of the `spectators` option) needs; −1 once dropped (too far behind). */
  spectator(i: number): number {
    const feed = this.#core.feed;
    return feed === undefined || feed.dropped[i] === 1 ? -1 : (feed.acks[i] ?? -1);
  }

  /** The match's recording so far (with `record: true`). */
  recording(): Recording | undefined {
    return this.#core.recorder?.recording();
  }

  /**
   * Once per fixed tick: rolls back if an input contradicted a prediction, steps (or waits, or
   * skips) and sends. `now` is the session's clock in ms (default the `now` option). Returns the
   * ticks stepped for the first time (0, 1 or 2). Throws a {@link DesyncError} for a desync when
   * no `onDesync` was given.
   */
  update(now = this.#core.o.now()): number {
    const core = this.#core;
    core.now = now;
    let steps = 0;
    if (core.state === 'joining') {
      if (now - core.lastJoin >= JOIN_RESEND_MS) sendJoin(core);
    } else if (core.state === 'syncing') {
      dropSilent(core);
      if (this.#synced()) this.#start();
      sendPackets(core);
    } else if (core.state === 'running') {
      steps = this.#run();
    }
    this.#tell();
    return steps;
  }

  #synced(): boolean {
    const core = this.#core;
    for (let p = 0; p < core.o.players; p++) {
      if (core.members.playing(p) && core.peers.samples[p]! < SYNC_SAMPLES) return false;
    }
    return true;
  }

  /** The input delay the round trip calls for now: the longest round trip of the players playing. */
  #targetDelay(): number {
    const core = this.#core;
    const o = core.o;
    let rtt = Number.NaN;
    for (let p = 0; p < o.players; p++) {
      const r = core.peers.rtts[p]!;
      if (core.members.playing(p) && !(r <= rtt)) rtt = r;
    }
    return chooseDelay(rtt, o.timestep, o.minDelay, o.maxDelay);
  }

  #start(): void {
    const core = this.#core;
    const o = core.o;
    core.delay = this.#targetDelay();
    for (let t = 0; t < core.delay; t++) core.sim.put(o.local, t, core.sim.zeros, 0, true);
    core.nextInput = core.delay;
    core.state = 'running';
    core.started(0);
  }

  #run(): number {
    const core = this.#core;
    dropSilent(core);
    if (core.state !== 'running') return 0;
    core.peers.refresh(core.o.timestep);
    agreeLeaves(core);
    hostAbsence(core);
    core.sim.rollback();
    let steps = 0;
    if (!canStep(core)) core.counts.waited++;
    else if (shouldSkip(core, this.#ahead)) core.counts.skipped++;
    else {
      this.#advance();
      steps = 1;
      if (behindBy(core, CATCH_UP_BEHIND) && canStep(core)) {
        this.#advance();
        steps = 2;
        core.counts.caughtUp++;
      }
    }
    if (core.check && steps > 0) {
      const report = core.check.run(core.sim, core.o.checkDistance);
      if (report) core.found(report);
      core.counts.checked = core.check.checks;
    }
    this.#confirm();
    core.feed?.send(core.sim, core.confirmed);
    sendPackets(core);
    const sim = core.sim.counts;
    core.counts.steps = sim.steps;
    core.counts.rollbacks = sim.rollbacks;
    core.counts.resimulated = sim.resimulated;
    core.counts.compared = core.checksums.compared;
    return steps;
  }

  /** Latches the local input (delayed), steps one tick, samples frame advantage, follows the round trip. */
  #advance(): void {
    const core = this.#core;
    const { sim, o, peers } = core;
    while (core.nextInput <= sim.frame + core.delay) {
      sim.put(o.local, core.nextInput, core.input, 0, true);
      core.nextInput++;
    }
    sim.advance();
    core.sinceSkip++;
    for (let p = 0; p < o.players; p++) {
      if (!core.members.playing(p) || peers.frames[p]! < 0) continue;
      peers.advantage[p]!.add(peers.estimated[p]! - sim.frame, peers.remoteAdvantage[p]!);
    }
    // Worked out every tick, used every DELAY_INTERVAL: code run once a second stays in V8's
    // interpreter, which boxes every fractional number it computes (an allocation each); run
    // every tick, it is optimized with the rest of the tick and allocates nothing.
    const target = this.#targetDelay();
    if (++core.sinceDelay >= DELAY_INTERVAL) {
      core.sinceDelay = 0;
      core.delay += Math.sign(target - core.delay);
    }
  }

  /** Moves the confirmed tick: keeps the new confirmed checksums and records the new confirmed ticks. */
  #confirm(): void {
    const core = this.#core;
    const before = core.confirmed;
    const after = core.updateConfirmed();
    const history = core.sim.history;
    const interval = core.o.checksumInterval;
    for (let t = before; t < after; t++) {
      core.recorder?.record(core.sim, t);
      if ((t + 1) % interval === 0) core.checksums.add(t + 1, history);
    }
  }

  #tell(): void {
    const core = this.#core;
    if (core.desync === null || core.told) return;
    core.told = true;
    if (core.o.onDesync === undefined) throw new DesyncError(core.desync);
    core.o.onDesync(core.desync);
  }
}
