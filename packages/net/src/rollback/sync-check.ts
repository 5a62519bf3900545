import type { DesyncReport } from './desync.js';
import type { RollbackGame } from './game.js';
import type { Simulation } from './simulation.js';

/**
 * The sync test (GGRS's `SyncTestSession`): after a tick, go back `distance` ticks, step them
 * again with the same inputs and compare each state with the one saved the first time, bit for
 * bit, part by part. A deterministic step gives the same states; a step that reads
 * `Math.random()`, a clock, or iterates in an order its history decides gives another one, and
 * the first difference is reported with the tick whose step gave it, the part, the index and the
 * two values: the place to look, not only a hash. Scratch made once: no allocation per tick
 * unless a difference is found.
 */
export class SyncCheck {
  /** Checks run, and ticks stepped again for them. */
  checks = 0;
  resimulated = 0;
  readonly #game: RollbackGame;
  readonly #diff = new Int32Array(2);

  constructor(game: RollbackGame) {
    this.#game = game;
  }

  /**
   * Goes back `distance` ticks from `sim.frame` (fewer near the start), steps them again and
   * returns the first difference found, or null. The states stepped again are saved in place
   * of the first ones, so the simulation goes on from them either way.
   */
  run(sim: Simulation, distance: number): DesyncReport | null {
    const history = sim.history;
    let from = Math.max(0, sim.frame - distance);
    while (from < sim.frame && !history.has(from)) from++;
    if (from >= sim.frame) return null;
    history.load(from);
    this.checks++;
    let report: DesyncReport | null = null;
    for (let t = from; t < sim.frame; t++) {
      sim.stepTick(t);
      this.resimulated++;
      if (report === null) report = this.#compare(sim, t);
      history.save(t + 1);
    }
    return report;
  }

  /** Compares the live state after stepping `tick` again with the saved state after it. */
  #compare(sim: Simulation, tick: number): DesyncReport | null {
    const history = sim.history;
    history.hashLive();
    const slot = history.slotOf(tick + 1);
    if (history.diffLive(tick + 1, this.#diff)) {
      const part = this.#game.parts[this.#diff[0]!]!;
      const index = this.#diff[1]!;
      const stride = part.stride ?? 1;
      return {
        kind: 'sync-test',
        tick,
        peer: -1,
        part: part.name,
        index,
        item: Math.floor(index / stride),
        field: index % stride,
        itemName: part.item ?? 'item',
        expected: history.copy(tick + 1, this.#diff[0]!)[index]!,
        actual: part.array[index]!,
        local: history.totals[slot]!,
        remote: history.liveTotal[0]!,
        lastMatched: tick,
      };
    }
    if (history.totals[slot] === history.liveTotal[0]) return null;
    return {
      kind: 'sync-test',
      tick,
      peer: -1,
      part: 'checksum',
      index: -1,
      item: -1,
      field: -1,
      itemName: 'item',
      expected: history.gameSums[slot]!,
      actual: history.liveGameSum[0]!,
      local: history.totals[slot]!,
      remote: history.liveTotal[0]!,
      lastMatched: tick,
    };
  }
}
