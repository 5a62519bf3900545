import type { Recording } from '@loop/core/replay';
import type { Link } from '../link/link.js';
import { checkGame, type RollbackGame } from './game.js';
import { integerIn, MAX_PLAYERS } from './options.js';
import { MSG_RB_SPECTATE, MSG_RB_SPECTATOR_ACK } from './packet.js';
import { MatchRecorder } from './recording.js';
import { Simulation } from './simulation.js';

/** Words of confirmed rows sent to a spectator per packet, about: a kilobyte. */
const FEED_WORDS = 256;

/** Confirmed rows per spectator packet: each the presence bits, then every player's input. */
export function feedRows(players: number, inputWords: number): number {
  return Math.max(1, Math.floor(FEED_WORDS / (1 + players * inputWords)));
}

/**
 * A player's side of its spectators: each update it sends every spectator the confirmed ticks
 * it has not acknowledged (up to `feedRows(players, inputWords)` a packet, again until acknowledged, so a lost
 * packet costs nothing but a resend). It never waits for a spectator: one that falls behind the
 * inputs still held is dropped, counted, and the match goes on.
 */
export class SpectatorFeed {
  /** Per spectator: the next tick it needs (its acknowledgement). */
  readonly acks: Int32Array;
  /** Per spectator: 1 once dropped (too far behind to feed). */
  readonly dropped: Uint8Array;
  readonly #links: readonly Link[];
  readonly #rows: number;
  readonly #words: number;
  readonly #view: DataView;
  readonly #views: Uint8Array[];

  constructor(
    links: readonly Link[],
    readonly players: number,
    inputWords: number,
  ) {
    this.#links = links;
    this.acks = new Int32Array(links.length);
    this.dropped = new Uint8Array(links.length);
    this.#rows = feedRows(players, inputWords);
    this.#words = 1 + players * inputWords;
    const bytes = new Uint8Array(8 + this.#rows * this.#words * 4);
    this.#view = new DataView(bytes.buffer);
    this.#views = Array.from({ length: this.#rows + 1 }, (_, n) =>
      bytes.subarray(0, 8 + n * this.#words * 4),
    );
    links.forEach((link, i) => {
      link.onMessage(MSG_RB_SPECTATOR_ACK, (b) => this.#ack(i, b));
    });
  }

  #ack(i: number, bytes: Uint8Array): void {
    if (bytes.byteLength !== 4) return;
    const next = bytes[0]! | (bytes[1]! << 8) | (bytes[2]! << 16) | (bytes[3]! << 24);
    if (next > this.acks[i]!) this.acks[i] = next;
  }

  /** Sends each spectator its next confirmed ticks, up to `confirmed` (not included). */
  send(sim: Simulation, confirmed: number): void {
    for (let i = 0; i < this.#links.length; i++) {
      if (this.dropped[i] === 1) continue;
      const from = this.acks[i]!;
      const count = Math.min(this.#rows, confirmed - from);
      if (count <= 0) continue;
      if (!this.#write(sim, from, count)) {
        this.dropped[i] = 1;
        continue;
      }
      this.#links[i]!.sendBytes(MSG_RB_SPECTATE, this.#views[count]!);
    }
  }

  #write(sim: Simulation, from: number, count: number): boolean {
    const v = this.#view;
    v.setInt32(0, from, true);
    v.setInt32(4, count, true);
    const words = sim.inputs[0]!.inputWords;
    let at = 8;
    for (let t = from; t < from + count; t++) {
      let present = 0;
      const rowAt = at;
      at += 4;
      for (let p = 0; p < this.players; p++) {
        const inputs = sim.inputs[p]!;
        if (!inputs.known(t)) return false;
        const w0 = inputs.at(t);
        for (let w = 0; w < words; w++, at += 4) v.setInt32(at, inputs.words[w0 + w]!, true);
        if (inputs.presentAt(t)) present |= 1 << p;
      }
      v.setInt32(rowAt, present, true);
    }
    return true;
  }
}

/** Options of a {@link SpectatorSession}. */
export interface SpectatorOptions {
  game: RollbackGame;
  /** Players of the match, 2 to 8. */
  players: number;
  /** The link to the player that feeds this spectator. */
  link: Link;
  /** Most ticks one update steps when behind (catching up), 1 to 16. Default 2. */
  maxSteps?: number;
  /** Keep a recording, as a player's session does. Default false. */
  record?: boolean;
  /** The timestep in ms, for the recording. Default 1000/60. */
  timestep?: number;
}

/**
 * Watches a match: steps only confirmed ticks, fed by one player's {@link SpectatorFeed}, so
 * it never predicts, never rolls back and never sends an input (only acknowledgements); the
 * players never wait for it. One tick an update, more (up to `maxSteps`) while more than two
 * are waiting, so a spectator that fell behind catches up.
 */
export class SpectatorSession {
  readonly simulation: Simulation;
  readonly #link: Link;
  readonly #maxSteps: number;
  readonly #ack = new Uint8Array(4);
  readonly #recorder: MatchRecorder | undefined;
  readonly #row: Int32Array;
  readonly #in: Uint8Array;
  readonly #inView: DataView;
  /** Packets received, and those that were not feed packets of this match. */
  readonly counts = { packets: 0, malformed: 0 };

  constructor(options: SpectatorOptions) {
    checkGame(options.game);
    const players = integerIn('players', options.players, 2, MAX_PLAYERS);
    this.#maxSteps = integerIn('maxSteps', options.maxSteps ?? 2, 1, 16);
    this.simulation = new Simulation(options.game, players, 2);
    this.simulation.begin(0);
    this.#row = new Int32Array(players * options.game.inputWords);
    const rows = feedRows(players, options.game.inputWords);
    this.#in = new Uint8Array(8 + rows * (1 + this.#row.length) * 4);
    this.#inView = new DataView(this.#in.buffer);
    if (options.record) {
      const build = options.game.build ?? 'rollback';
      this.#recorder = new MatchRecorder(
        players,
        options.game.inputWords,
        build,
        options.timestep ?? 1000 / 60,
      );
      this.#recorder.start(this.simulation.history.bytes(0));
    }
    this.#link = options.link;
    options.link.onMessage(MSG_RB_SPECTATE, (bytes) => this.#feed(bytes));
  }

  /** Ticks stepped. */
  get frame(): number {
    return this.simulation.frame;
  }

  /** Ticks received (every player's input known) and not yet stepped. */
  get waiting(): number {
    return this.#received() - this.simulation.frame;
  }

  #received(): number {
    let received = Number.MAX_SAFE_INTEGER;
    for (const inputs of this.simulation.inputs) received = Math.min(received, inputs.received);
    return received;
  }

  #feed(bytes: Uint8Array): void {
    const sim = this.simulation;
    const words = this.#row.length;
    const rowBytes = 4 + words * 4;
    const length = bytes.byteLength;
    if (length < 8 || length > this.#in.byteLength || (length - 8) % rowBytes !== 0) {
      this.counts.malformed++;
      return;
    }
    this.counts.packets++;
    this.#in.set(bytes);
    const v = this.#inView;
    const from = v.getInt32(0, true);
    const count = (bytes.byteLength - 8) / rowBytes;
    const per = words / sim.players;
    for (let i = 0, at = 8; i < count; i++) {
      const present = v.getInt32(at, true);
      at += 4;
      for (let w = 0; w < words; w++, at += 4) this.#row[w] = v.getInt32(at, true);
      for (let p = 0; p < sim.players; p++) {
        sim.put(p, from + i, this.#row, p * per, (present & (1 << p)) !== 0);
      }
    }
  }

  /** Steps the confirmed ticks due (see the class) and acknowledges. Returns the ticks stepped. */
  update(): number {
    const sim = this.simulation;
    const waiting = this.waiting;
    const steps = Math.min(waiting, waiting > 2 ? this.#maxSteps : 1);
    for (let i = 0; i < steps; i++) {
      sim.advance();
      this.#recorder?.record(sim, sim.frame - 1);
    }
    const next = this.#received();
    this.#ack[0] = next;
    this.#ack[1] = next >>> 8;
    this.#ack[2] = next >>> 16;
    this.#ack[3] = next >>> 24;
    this.#link.sendBytes(MSG_RB_SPECTATOR_ACK, this.#ack);
    return steps;
  }

  /** The recording so far (with `record: true`). */
  recording(): Recording | undefined {
    return this.#recorder?.recording();
  }
}
