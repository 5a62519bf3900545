import type { InstantReplay } from '@loop/core/replay';

/**
 * The replay part of the page: a status line a person reads and a test reads too (its
 * `data-replay` is the phase: recording, replaying, matched or error; `data-matched` and
 * `data-length` count the replay's ticks, `data-ticks` the recorded ones, and `data-changes`
 * goes up at every change of phase), and saving and loading recordings as files.
 */
export class ReplayPanel {
  private shownChanges = -1;
  private shownMatched = -1;
  private shownTicks = -1;

  constructor(
    private readonly replays: InstantReplay,
    private readonly status: HTMLElement,
  ) {}

  /**
   * Rewrites the status line if anything changed since the last call. Called on a timer a few
   * times a second, not per frame: the DOM is written only when there is something new.
   */
  refresh(): void {
    const r = this.replays;
    const ticks = r.recorder.ticks;
    if (
      r.changes === this.shownChanges &&
      r.matched === this.shownMatched &&
      ticks === this.shownTicks
    ) {
      return;
    }
    this.shownChanges = r.changes;
    this.shownMatched = r.matched;
    this.shownTicks = ticks;
    const s = this.status;
    s.dataset.replay = r.phase;
    s.dataset.changes = String(r.changes);
    s.dataset.ticks = String(ticks);
    s.dataset.matched = String(r.matched);
    s.dataset.length = String(r.length);
    s.textContent = statusText(r);
  }

  /** Saves the recorded history to a file (a download), named after the build. */
  save(build: string): void {
    const bytes = this.replays.save();
    const url = URL.createObjectURL(new Blob([bytes as BlobPart]));
    const link = document.createElement('a');
    link.href = url;
    link.download = `rapier-${build}.looprec`;
    link.click();
    // The download has its own copy once it started; give the memory back a little later.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  /**
   * Reads a recording file the person picked and replays it, or shows why it cannot: whatever
   * goes wrong, reading the file included, ends on the status line, never as an unhandled
   * rejection nobody sees.
   */
  async load(file: File): Promise<void> {
    try {
      this.replays.load(new Uint8Array(await file.arrayBuffer()));
    } catch (error) {
      this.replays.refuse(error);
    }
    this.refresh();
  }
}

/** The status line for each phase; the instant replay's length is the configured one. */
function statusText(r: InstantReplay): string {
  switch (r.phase) {
    case 'recording':
      return `recording: ${r.recorder.ticks} ticks so far. R replays the last ${Math.round(r.instantSeconds * 10) / 10} s.`;
    case 'replaying':
      return `replaying: ${r.matched} of ${r.length} ticks matched. Esc returns to the game.`;
    case 'matched':
      return `replay matched ${r.matched} ticks`;
    case 'error':
      return r.message;
  }
}
