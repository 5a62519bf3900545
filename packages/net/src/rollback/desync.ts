/**
 * What a desync report says: where two computations of the same tick parted. A sync test
 * compares whole states, so it names the part, the index and both values; peers compare
 * checksums (a total and one per part), so a peer's report names the part, not the index.
 */
export interface DesyncReport {
  /** `sync-test`: stepping a tick again gave another state; `peer`: another peer's checksum differs. */
  readonly kind: 'sync-test' | 'peer';
  /**
   * The first tick found to differ. For a sync test, the tick whose step gave two results
   * (its state after differs); for peers, the tick whose state (before it is stepped)
   * checksummed differently.
   */
  readonly tick: number;
  /** The other peer's player (peer reports); −1 for a sync test. */
  readonly peer: number;
  /** The first part that differs, or `checksum` when only the game's own checksum does. */
  readonly part: string;
  /** The first differing index in the part (sync test); −1 when unknown. */
  readonly index: number;
  /** The index as the part's item and field (`index / stride`, `index % stride`); −1 when unknown. */
  readonly item: number;
  readonly field: number;
  /** What an item of the part is called (`body`), from the part's `item`. */
  readonly itemName: string;
  /** The value the first computation gave, and the other's (sync test); NaN when unknown. */
  readonly expected: number;
  readonly actual: number;
  /** The two total checksums: this peer's (or the first run's) and the other's. */
  readonly local: number;
  readonly remote: number;
  /** The last tick compared and found equal before it; −1 when none. */
  readonly lastMatched: number;
}

function hex(value: number): string {
  return `0x${(value >>> 0).toString(16).padStart(8, '0')}`;
}

/** A one-line account of a report, for a console or an error. */
export function describeDesync(report: DesyncReport): string {
  const where =
    report.index < 0
      ? `part ${JSON.stringify(report.part)}`
      : `part ${JSON.stringify(report.part)} at index ${report.index} (${report.itemName} ${report.item}, field ${report.field}): ${report.expected} then ${report.actual}`;
  if (report.kind === 'sync-test') {
    return `sync test: stepping tick ${report.tick} again gave another state, first in ${where}: the step is not deterministic`;
  }
  return `desync with player ${report.peer} at tick ${report.tick} (last equal tick ${report.lastMatched}): checksum ${hex(report.local)} here, ${hex(report.remote)} there, first in ${where}`;
}

/** Thrown by a session that found a desync and was given no `onDesync` to tell. */
export class DesyncError extends Error {
  constructor(readonly report: DesyncReport) {
    super(describeDesync(report));
    this.name = 'DesyncError';
  }
}
