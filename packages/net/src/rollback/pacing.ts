import type { SessionCore } from './core.js';
import { SKIP_AHEAD, SKIP_INTERVAL } from './time-sync.js';

/**
 * When a session steps: under the prediction limit and the history's reach, how far the peer
 * furthest ahead is, and when this peer is so far ahead that it skips a tick (GGPO's frame
 * advantage), so nobody is left stalling. Read by the rollback session's update; allocate
 * nothing (the frame advantage scratch is the caller's).
 */

/** Under the prediction limit, and the history still holds the confirmed tick's state after a step. */
export function canStep(core: SessionCore): boolean {
  const frame = core.sim.frame;
  return (
    frame < core.minReceived() + core.o.maxPrediction &&
    frame + 1 - core.confirmed <= core.o.slots - 1
  );
}

/**
 * Whether some peer is estimated to be `ticks` or more ahead of this one now. A yes or no, not
 * the distance: a fractional number of ticks returned from a call is boxed into a new heap
 * number, an allocation per update.
 */
export function behindBy(core: SessionCore, ticks: number): boolean {
  for (let p = 0; p < core.o.players; p++) {
    if (!core.members.playing(p) || core.peers.frames[p]! < 0) continue;
    if (core.peers.estimated[p]! - core.sim.frame >= ticks) return true;
  }
  return false;
}

/** Whether this peer is ahead of some peer by more than a tick on average: then it skips this one. */
export function shouldSkip(core: SessionCore, ahead: Float64Array): boolean {
  if (core.sinceSkip < SKIP_INTERVAL) return false;
  ahead[1] = 0;
  for (let p = 0; p < core.o.players; p++) {
    if (!core.members.playing(p)) continue;
    core.peers.advantage[p]!.measure(ahead, 0);
    if (ahead[0]! > ahead[1]!) ahead[1] = ahead[0]!;
  }
  if (ahead[1]! <= SKIP_AHEAD) return false;
  core.sinceSkip = 0;
  for (const window of core.peers.advantage) window.clear();
  return true;
}
