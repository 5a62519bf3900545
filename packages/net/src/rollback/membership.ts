import type { PeerTable } from './peers.js';

/**
 * Ticks past the host's frame up to which a player who left is declared absent: more than a
 * rejoining peer needs to load a state and catch up, so the others rarely wait for it.
 */
export const ABSENT_LEAD = 60;

/**
 * Who plays, agreed by every peer at the same tick: the rule for leaving and rejoining.
 *
 * **Leaving.** A peer silent for `disconnectTimeout` is dropped by whoever notices, and a peer
 * that sees another drop a player drops it too (so all do). Each peer's final word on a dropped
 * player is how many of its inputs it held (`goneAt`), sent in every packet. The player's
 * leaving tick is the least of the final words of every peer still playing: every one of them
 * holds the player's real inputs up to it, and no peer ever confirmed a tick past it, since a
 * tick is confirmed only when every peer reports holding its inputs (GGPO's rule, from its
 * `peer_connect_status`). From that tick on the player's input is neutral and its `present`
 * bit clear, on every peer, in every replay.
 *
 * **Absence.** The host (the lowest player still playing) declares a left player absent up to
 * {@link ABSENT_LEAD} ticks past its frame, and extends that every tick; the others take the
 * host's word, so the absent ticks are inputs like any other, confirmed as they arrive.
 *
 * **Rejoining.** A rejoining peer asks the host, who freezes the absence where it stands: that
 * tick is the rejoin tick, announced with the player's next epoch in every header. The host
 * sends a confirmed state and the membership; every peer that sees the new epoch takes the
 * player back from the rejoin tick, when its real inputs start.
 *
 * Not covered: a second peer dropping while the first one's leaving tick is being agreed, when
 * the dropped peer's final word reached some peers and not others (GGPO and GGRS leave that
 * case open too). The epochs make every report unambiguous across leaves and rejoins.
 */
export class Membership {
  /** Players this peer has dropped (1), by player. */
  readonly gone: Uint8Array;
  /** This peer's final word on each dropped player (inputs held); −1 while playing. */
  readonly goneAt: Int32Array;
  /** Each player's agreed leaving tick; −1 while none is agreed. */
  readonly leftAt: Int32Array;
  /** The tick up to which (not included) each player is agreed absent; −1 none. */
  readonly absentUntil: Int32Array;
  /** Each player's epoch: how many times it rejoined. */
  readonly epochs: Int32Array;
  /** The host's rejoin tick for a player rejoining now (−1 none): the frozen absence. */
  readonly joinAt: Int32Array;

  constructor(
    readonly players: number,
    readonly local: number,
  ) {
    this.gone = new Uint8Array(players);
    this.goneAt = new Int32Array(players).fill(-1);
    this.leftAt = new Int32Array(players).fill(-1);
    this.absentUntil = new Int32Array(players).fill(-1);
    this.epochs = new Int32Array(players);
    this.joinAt = new Int32Array(players).fill(-1);
  }

  /** True for a remote player still playing (its reports count). */
  playing(player: number): boolean {
    return player !== this.local && this.gone[player] === 0;
  }

  /** The host: the lowest player this peer has not dropped (this one, possibly), `except` left out. */
  host(except = -1): number {
    for (let p = 0; p < this.players; p++) if (this.gone[p] === 0 && p !== except) return p;
    return this.local;
  }

  /** Drops `player`, with `held` (its inputs this peer holds without a gap) as the final word. */
  drop(player: number, held: number): void {
    this.gone[player] = 1;
    this.goneAt[player] = held;
    this.joinAt[player] = -1;
  }

  /** True while some dropped player's leaving tick is still unknown. */
  pending(): boolean {
    for (let p = 0; p < this.players; p++) {
      if (this.gone[p] === 1 && this.leftAt[p]! < 0) return true;
    }
    return false;
  }

  /**
   * The leaving tick of dropped `player` once every peer still playing has given its final
   * word (the least of them, this peer's included), else −1. Sets {@link leftAt}.
   */
  agree(player: number, peers: PeerTable): number {
    if (this.gone[player] === 0) return -1;
    if (this.leftAt[player]! >= 0) return this.leftAt[player]!;
    let tick = this.goneAt[player]!;
    for (let r = 0; r < this.players; r++) {
      if (r === player || !this.playing(r)) continue;
      const at = r * this.players + player;
      if (peers.epochs[at] !== this.epochs[player] || peers.goneAt[at]! < 0) return -1;
      tick = Math.min(tick, peers.goneAt[at]!);
    }
    this.leftAt[player] = tick;
    return tick;
  }

  /** Takes `player` back from `tick` at `epoch` (a rejoin). */
  rejoin(player: number, epoch: number, tick: number): void {
    this.gone[player] = 0;
    this.goneAt[player] = -1;
    this.leftAt[player] = -1;
    this.epochs[player] = epoch;
    this.absentUntil[player] = tick;
  }
}
