import type { SessionCore } from './core.js';
import { dropPlayer, fromHost } from './leave-join.js';
import { FLAG_SYNCING, type PacketHeader } from './packet.js';

/** Takes the sender's view of every player: what it holds, whom it dropped, at which epoch. */
function takeRows(core: SessionCore, from: number, h: PacketHeader): void {
  const { peers } = core;
  const players = core.o.players;
  for (let p = 0; p < players; p++) {
    const at = from * players + p;
    if (h.epochs[p]! > peers.epochs[at]!) {
      peers.epochs[at] = h.epochs[p]!;
      peers.goneAt[at] = h.goneAt[p]!;
    } else if (h.epochs[p] === peers.epochs[at] && h.goneAt[p]! > peers.goneAt[at]!) {
      peers.goneAt[at] = h.goneAt[p]!;
    }
    if (h.known[p]! > peers.known[at]!) peers.known[at] = h.known[p]!;
  }
}

/** A player the sender dropped is dropped here too, at this epoch; true when it is this peer. */
function spreadDrops(core: SessionCore, h: PacketHeader): boolean {
  const { members } = core;
  for (let p = 0; p < core.o.players; p++) {
    if (members.gone[p] === 1 || h.epochs[p] !== members.epochs[p] || h.goneAt[p]! < 0) continue;
    if (p === core.o.local) {
      core.state = 'dropped';
      return true;
    }
    dropPlayer(core, p);
  }
  return false;
}

/**
 * Compares the sender's checksum reports with this peer's confirmed checksums, in order, up to
 * this peer's confirmed tick (later ones come again: they are not acknowledged). The first
 * report comes with the part hashes; a later one that differs waits to come first, so the
 * desync is reported at its tick with the part named.
 */
function compareReports(core: SessionCore, from: number, h: PacketHeader): void {
  const { peers, checksums } = core;
  const interval = core.o.checksumInterval;
  for (let i = 0; i < h.reports; i++) {
    const tick = h.reportFirst + i * interval;
    if (tick <= peers.ourCheckAck[from]!) continue;
    if (tick > core.confirmed) break;
    const held = checksums.holds(tick);
    if (held && i > 0 && !checksums.sameTotal(tick, h.reportTotals, i)) break;
    const report = checksums.compare(
      tick,
      h.reportTotals,
      i,
      h.reportParts,
      from,
      peers.lastMatched[from]!,
      core.o.game.parts,
    );
    peers.ourCheckAck[from] = tick;
    if (report !== null) core.found(report);
    else if (held) peers.lastMatched[from] = tick;
  }
}

/**
 * An input packet from the peer of player `from`: checked, then its clock, frame, views of the
 * membership, checksum reports and inputs taken. Inputs only go into the rings (a prediction
 * they contradict is marked for the next update to roll back); nothing is stepped here, so a
 * transport may deliver at any moment. Allocates nothing.
 */
export function receivePacket(core: SessionCore, from: number, bytes: Uint8Array): void {
  const h = core.in;
  if (!core.codec.read(bytes, h) || h.sender !== from) {
    core.counts.malformed++;
    return;
  }
  const { members, peers, sim } = core;
  // A rejoining peer takes nothing before its state (old views would drop it again); a dropped
  // peer and an old epoch's packets are the past.
  if (
    core.state === 'joining' ||
    core.state === 'dropped' ||
    members.gone[from] === 1 ||
    h.epoch !== members.epochs[from]
  ) {
    core.counts.stale++;
    return;
  }
  core.counts.received++;
  core.arrival[0] = core.o.now();
  peers.clock(from, h.times, core.arrival);
  members.joinAt[from] = -1;
  peers.syncing[from] = h.flags & FLAG_SYNCING ? 1 : 0;
  if (h.frame > peers.frames[from]!) {
    peers.frames[from] = h.frame;
    peers.remoteAdvantage[from] = h.advantage;
  }
  takeRows(core, from, h);
  if (spreadDrops(core, h)) return;
  if (from === members.host()) fromHost(core, h);
  if (h.checksumAck > peers.theirCheckAck[from]!) peers.theirCheckAck[from] = h.checksumAck;
  compareReports(core, from, h);
  const words = core.o.game.inputWords;
  for (let i = 0; i < h.count; i++) sim.put(from, h.firstTick + i, h.words, i * words, true);
}
