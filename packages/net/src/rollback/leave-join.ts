import type { SessionCore } from './core.js';
import { INPUT_RING } from './inputs.js';
import { decodeJoin, decodeState, encodeState } from './join.js';
import { ABSENT_LEAD } from './membership.js';
import type { PacketHeader } from './packet.js';
import { MSG_RB_STATE } from './packet.js';
import { chooseDelay } from './time-sync.js';

/**
 * The membership rule of {@link Membership} applied to a session: dropping silent peers,
 * agreeing leaving ticks, the host's absence declarations, and both ends of a rejoin.
 */

/** Drops `player`: this peer's final word is the inputs it holds of it. */
export function dropPlayer(core: SessionCore, player: number): void {
  core.members.drop(player, core.sim.inputs[player]!.received);
  core.o.onPlayer?.(player, 'gone', -1);
}

/** Drops every remote player not heard from for `disconnectTimeout`. */
export function dropSilent(core: SessionCore): void {
  for (let p = 0; p < core.o.players; p++) {
    if (core.members.playing(p) && core.now - core.peers.lastHeard[p]! > core.o.disconnectTimeout) {
      dropPlayer(core, p);
    }
  }
}

/** Makes `player` absent (known, neutral) from the ticks it holds up to `until` (not included). */
export function fillAbsent(core: SessionCore, player: number, until: number): void {
  const inputs = core.sim.inputs[player]!;
  const last = Math.min(until, inputs.received + INPUT_RING / 2);
  for (let t = inputs.received; t < last; t++) core.sim.absent(player, t);
}

/** Agrees every leaving tick that can be: from it on, the player's inputs become absent. */
export function agreeLeaves(core: SessionCore): void {
  const { members, sim } = core;
  for (let p = 0; p < core.o.players; p++) {
    if (members.gone[p] === 0 || members.leftAt[p]! >= 0) continue;
    const tick = members.agree(p, core.peers);
    if (tick < 0) continue;
    // Real inputs held past the leaving tick are not every peer's: they become absent too.
    const held = sim.inputs[p]!.received;
    for (let t = tick; t < held; t++) sim.absent(p, t);
    if (members.absentUntil[p]! < held) members.absentUntil[p] = held;
    core.o.onPlayer?.(p, 'left', tick);
  }
}

/** The host declares every left player absent {@link ABSENT_LEAD} ticks past its frame. */
export function hostAbsence(core: SessionCore): void {
  const { members } = core;
  if (members.host() !== core.o.local) return;
  for (let p = 0; p < core.o.players; p++) {
    if (members.gone[p] === 0 || members.leftAt[p]! < 0) continue;
    const until = Math.max(members.absentUntil[p]!, core.sim.frame + ABSENT_LEAD);
    members.absentUntil[p] = until;
    fillAbsent(core, p, until);
  }
}

/** Takes the host's absence declarations and rejoins from its header. */
export function fromHost(core: SessionCore, h: PacketHeader): void {
  const { members } = core;
  for (let p = 0; p < core.o.players; p++) {
    if (p === core.o.local || members.gone[p] === 0 || members.leftAt[p]! < 0) continue;
    const until = h.absentUntil[p]!;
    if (h.epochs[p] === members.epochs[p] && until > members.absentUntil[p]!) {
      members.absentUntil[p] = until;
      fillAbsent(core, p, until);
    } else if (h.epochs[p]! > members.epochs[p]! && until >= 0) {
      fillAbsent(core, p, until);
      members.rejoin(p, h.epochs[p]!, until);
      core.peers.reset(p, core.now);
      core.o.onPlayer?.(p, 'rejoined', until);
    }
  }
}

const joinSentAt = new Float64Array(1);

/**
 * The host's side of a rejoin request from `from`: the first request freezes the player's
 * absence as its rejoin tick and takes it back at its next epoch; every request (a lost answer
 * is asked for again) gets a confirmed state. Requests the host cannot answer yet (not the
 * host, a leaving tick not agreed, a state older than a leaving tick) are left for the next.
 */
export function answerJoin(core: SessionCore, from: number, bytes: Uint8Array): void {
  const { members, sim, o } = core;
  const player = decodeJoin(bytes, o.players, joinSentAt);
  if (player !== from) {
    core.counts.malformed++;
    return;
  }
  // The rejoining player is not the host yet, even as the lowest player: it has no state.
  if (members.host(player) !== o.local) return;
  const tick = core.confirmed;
  for (let p = 0; p < o.players; p++) {
    if (members.gone[p] === 1 && members.leftAt[p]! > tick) return;
  }
  if (members.gone[player] === 1) {
    if (members.pending() || members.leftAt[player]! < 0) return;
    hostAbsence(core);
    const at = members.absentUntil[player]!;
    members.joinAt[player] = at;
    members.rejoin(player, members.epochs[player]! + 1, at);
    core.peers.reset(player, core.now);
    o.onPlayer?.(player, 'rejoined', at);
  } else if (members.joinAt[player]! < 0) {
    return;
  }
  if (!sim.history.has(tick)) return;
  const answer = encodeState(
    {
      echo: joinSentAt[0]!,
      held: 0,
      tick,
      joinAt: members.joinAt[player]!,
      epoch: members.epochs[player]!,
      epochs: members.epochs,
      leftAt: members.leftAt,
      absentUntil: members.absentUntil,
      gone: Int32Array.from(members.gone),
      state: sim.history.bytes(tick),
    },
    o.players,
  );
  o.links[player]!.sendBytes(MSG_RB_STATE, answer);
}

/** The rejoining side: starts from the host's state at its tick, absent until the rejoin tick. */
export function takeState(core: SessionCore, from: number, bytes: Uint8Array): void {
  if (core.state !== 'joining') return;
  const { o, sim, members } = core;
  const s = decodeState(bytes, o.players);
  if (s === null || s.epoch < 0) {
    core.counts.malformed++;
    return;
  }
  sim.history.clear();
  for (const inputs of sim.inputs) inputs.reset(s.tick);
  if (!sim.history.restore(s.state)) {
    core.counts.malformed++;
    return;
  }
  sim.begin(s.tick);
  for (let p = 0; p < o.players; p++) {
    members.epochs[p] = s.epochs[p]!;
    members.gone[p] = p === o.local ? 0 : s.gone[p]!;
    members.goneAt[p] = s.gone[p] && p !== o.local ? s.tick : -1;
    members.leftAt[p] = p === o.local ? -1 : s.leftAt[p]!;
    members.absentUntil[p] = s.absentUntil[p]!;
    if (members.gone[p] === 1 || p === o.local) fillAbsent(core, p, s.absentUntil[p]!);
    core.peers.lastHeard[p] = core.now;
  }
  members.absentUntil[o.local] = s.joinAt;
  core.nextInput = Math.max(s.joinAt, sim.inputs[o.local]!.received);
  core.firstInput = core.nextInput;
  core.confirmed = s.tick;
  const rtt = core.now - s.echo - s.held;
  if (rtt >= 0) core.peers.sample(from, rtt);
  core.delay = chooseDelay(core.peers.rtt(from), o.timestep, o.minDelay, o.maxDelay);
  core.started(s.tick);
  core.state = 'running';
}
