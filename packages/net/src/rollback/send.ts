import type { SessionCore } from './core.js';
import { INPUT_RING } from './inputs.js';
import { encodeJoin, JOIN_BYTES } from './join.js';
import { FLAG_SYNCING, MAX_REPORTS, MSG_RB_INPUT, MSG_RB_JOIN } from './packet.js';

/** Fills the parts of the header every peer gets the same: the membership and what is held. */
function commonHeader(core: SessionCore): void {
  const { out: h, sim, members, o } = core;
  h.frame = core.state === 'running' ? sim.frame : -1;
  h.sender = o.local;
  h.flags = core.state === 'syncing' ? FLAG_SYNCING : 0;
  h.epoch = members.epochs[o.local]!;
  for (let p = 0; p < o.players; p++) {
    h.known[p] = sim.inputs[p]!.received;
    h.goneAt[p] = members.goneAt[p]!;
    h.absentUntil[p] = members.absentUntil[p]!;
    h.epochs[p] = members.epochs[p]!;
  }
}

/**
 * The checksum reports for `peer`: the totals of consecutive confirmed checksum ticks from the
 * first it has not compared, and the part hashes of that first one.
 */
function reports(core: SessionCore, peer: number): void {
  const { out: h, checksums } = core;
  h.reports = 0;
  const first = checksums.nextAfter(core.peers.theirCheckAck[peer]!);
  if (first < 0) return;
  h.reportFirst = first;
  checksums.writeParts(first, h.reportParts);
  for (let t = first; h.reports < MAX_REPORTS && checksums.holds(t); t += core.o.checksumInterval) {
    checksums.writeTotal(t, h.reportTotals, h.reports++);
  }
}

/**
 * The local inputs for `peer`: the oldest `redundancy` of those it has not acknowledged (it
 * says how many it holds), so a lost packet is made good by the next one and no input is ever
 * resent on its own; a peer far behind gets the oldest first, so its inputs never have a gap.
 */
function inputs(core: SessionCore, peer: number): void {
  const { out: h, sim, o } = core;
  const local = sim.inputs[o.local]!;
  let first = Math.max(core.peers.known[peer * o.players + o.local]!, core.firstInput);
  first = Math.max(first, core.nextInput - INPUT_RING / 2);
  const count =
    core.state === 'running' ? Math.max(0, Math.min(o.redundancy, core.nextInput - first)) : 0;
  h.firstTick = first;
  h.count = count;
  const words = o.game.inputWords;
  for (let i = 0; i < count; i++) {
    const at = local.at(first + i);
    for (let w = 0; w < words; w++) h.words[i * words + w] = local.words[at + w]!;
  }
}

/**
 * One packet to every remote peer (the dropped ones too, without inputs, so a peer that was only
 * stalled learns it was dropped): the clocks, the frame and its advantage, the header's views,
 * checksum reports and inputs. Written into the codec's buffer: no allocation.
 */
export function sendPackets(core: SessionCore): void {
  const { out: h, peers, o, members } = core;
  commonHeader(core);
  for (let r = 0; r < o.players; r++) {
    if (r === o.local) continue;
    h.sentAt = core.now;
    h.echo = peers.lastSentAt[r]!;
    h.held = h.echo >= 0 ? core.now - peers.arrivedAt[r]! : 0;
    h.advantage =
      core.state === 'running' && peers.frames[r]! >= 0 ? peers.estimated[r]! - core.sim.frame : 0;
    h.checksumAck = peers.ourCheckAck[r]!;
    if (members.gone[r] === 1) {
      h.reports = 0;
      h.count = 0;
      h.firstTick = 0;
    } else {
      reports(core, r);
      inputs(core, r);
    }
    o.links[r]!.sendBytes(MSG_RB_INPUT, core.codec.write(h));
    core.counts.sent++;
  }
}

const joinBytes = new Uint8Array(JOIN_BYTES);
const joinView = new DataView(joinBytes.buffer);

/** A rejoining peer's request, to every peer (the host answers). */
export function sendJoin(core: SessionCore): void {
  const bytes = encodeJoin(joinBytes, joinView, core.now, core.o.local);
  for (let r = 0; r < core.o.players; r++) {
    if (r !== core.o.local) core.o.links[r]!.sendBytes(MSG_RB_JOIN, bytes);
  }
  core.lastJoin = core.now;
}
