import { Conditioner } from '../link/conditioner.js';
import type { Link } from '../link/link.js';
import { createLinkPair } from '../link/memory-link.js';
import type { PathSettings } from '../link/path.js';
import type { RollbackOptions } from './options.js';
import { RollbackSession } from './session.js';
import { createDotsGame, type DotsGame, scriptedInput } from './test-game.js';

/**
 * Test support for the rollback tests (not shipped): 2 to 8 peers in one process, each pair
 * joined by a memory link pair with a {@link Conditioner} at each end. A conditioner's `up` path
 * is the hostile network in that direction; its `down` path adds nothing but holds what came
 * until its peer next runs, so a peer that stalls (or leaves) receives nothing meanwhile, and
 * everything at once when it comes back, as a frozen tab does. Time is the mesh's, advanced by
 * the test in steps of `grain` ms; each peer updates on its own cadence (a period a little off
 * the timestep, as real clocks are), never by the wall clock.
 */

/** Options of a {@link Mesh}. */
export interface MeshOptions {
  players: number;
  /** The seed of the conditioners and the scripted inputs. */
  seed: number;
  /** The network in each direction of every pair. */
  path?: Partial<PathSettings>;
  /** Each peer's update period as a multiple of the timestep (default 1 for all). */
  rates?: readonly number[];
  /** Each peer's start, in ms of mesh time (default 0 for all). */
  starts?: readonly number[];
  /** Session options for every peer. */
  session?: Partial<RollbackOptions>;
  /** Links to the spectators a player feeds (default none). */
  spectators?: (player: number) => Link[];
  /** The game of each peer (default a dots game). */
  game?: (player: number) => DotsGame;
}

export const TIMESTEP = 1000 / 60;

/** The mesh: its peers, their games and links, and the time. */
export class Mesh {
  now = 0;
  readonly players: number;
  readonly games: DotsGame[] = [];
  readonly sessions: RollbackSession[] = [];
  /** ends[i][j]: the conditioner peer i talks to peer j through. */
  readonly ends: Conditioner[][] = [];
  /** Ms of mesh time until which a peer is stalled (does nothing) or away (left). */
  readonly stalledUntil: number[];
  /** Each peer's player events, as `event player tick` (`left 2 151`). */
  readonly events: string[][] = [];
  /** Called every mesh step after the peers (a spectator's driver). */
  readonly tickers: ((now: number) => void)[] = [];
  /** Scripted inputs stop at this tick (neutral after). */
  inputsUntil = Number.POSITIVE_INFINITY;
  readonly #next: number[];
  readonly #options: MeshOptions;

  constructor(options: MeshOptions) {
    const n = options.players;
    this.players = n;
    this.#options = options;
    for (let i = 0; i < n; i++) {
      this.ends.push([]);
      this.events.push([]);
    }
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const [a, b] = createLinkPair();
        const seed = options.seed * 64 + i * 8 + j;
        const now = () => this.now;
        this.ends[i]![j] = new Conditioner(a, { up: options.path, seed, now });
        this.ends[j]![i] = new Conditioner(b, { up: options.path, seed: seed + 4096, now });
      }
    }
    this.stalledUntil = Array.from({ length: n }, () => 0);
    this.#next = Array.from({ length: n }, (_, i) => options.starts?.[i] ?? 0);
    for (let i = 0; i < n; i++) {
      this.games.push(options.game?.(i) ?? createDotsGame(n));
      this.sessions.push(this.#session(i, this.games[i]!, false));
    }
  }

  #session(player: number, game: DotsGame, rejoin: boolean): RollbackSession {
    const links: (Link | null)[] = this.ends[player]!.map((c) => c ?? null);
    links[player] = null;
    return new RollbackSession({
      game,
      players: this.players,
      local: player,
      links,
      now: () => this.now,
      onDesync: () => {},
      record: true,
      spectators: this.#options.spectators?.(player) ?? [],
      onPlayer: (p, event, tick) => this.events[player]!.push(`${event} ${p} ${tick}`),
      ...this.#options.session,
      rejoin,
    });
  }

  /** Replaces peer `player` by a new session (and a fresh game) that rejoins the match. */
  rejoin(player: number): RollbackSession {
    const game = this.#options.game?.(player) ?? createDotsGame(this.players);
    this.games[player] = game;
    const session = this.#session(player, game, true);
    this.sessions[player] = session;
    this.#next[player] = this.now;
    return session;
  }

  /** Advances mesh time by `ms` in steps of `grain`: conditioners pumped, peers updated when due. */
  run(ms: number, grain = 2): void {
    const end = this.now + ms;
    while (this.now < end) {
      this.now += grain;
      // Twice: a message due now passes the sender's conditioner, then the receiver's.
      for (let pass = 0; pass < 2; pass++) {
        for (let i = 0; i < this.players; i++) {
          if (this.now >= this.stalledUntil[i]!) for (const c of this.ends[i]!) c?.pump(this.now);
        }
      }
      for (let i = 0; i < this.players; i++) {
        if (this.now < this.stalledUntil[i]! || this.now < this.#next[i]!) continue;
        this.#next[i] =
          Math.max(this.#next[i]!, this.stalledUntil[i]!) +
          TIMESTEP * (this.#options.rates?.[i] ?? 1);
        const s = this.sessions[i]!;
        const seed = this.#options.seed;
        if (s.frame < this.inputsUntil) scriptedInput(s.input, 0, seed, i, s.frame);
        else s.input.fill(0);
        s.update(this.now);
      }
      for (const ticker of this.tickers) ticker(this.now);
    }
  }
}
