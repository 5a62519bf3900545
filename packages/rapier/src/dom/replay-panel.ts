import type { ReplayStatus } from '../replay-status.js';

/** Options of {@link ReplayPanel}. */
export interface ReplayPanelOptions {
  /**
   * What a saved recording's file name starts with: `<file>-<build>.looprec`. Default `rapier`.
   * A game names its files after itself, so a player's downloads say which game they replay in.
   */
  readonly file?: string;
  /**
   * The line shown for a status. Default {@link replayStatusText}, which names R and Esc: a
   * game that binds other keys says so here.
   */
  readonly text?: (status: ReplayStatus) => string;
}

/**
 * The replay part of a page: a status line a person reads and a test reads too (its
 * `data-replay` is the phase: recording, replaying, matched or error; `data-matched` and
 * `data-length` count the replay's ticks, `data-ticks` the recorded ones, and `data-changes`
 * goes up at every change of phase), and saving and loading recordings as files. Every game with
 * instant replay and recordings shows the same status and moves the same files, in either mode:
 * `source` is the main thread's live status or the worker's newest copy.
 */
export class ReplayPanel {
  /** What the line shows: NaN until the first refresh, which always writes (NaN equals nothing). */
  private shownChanges = Number.NaN;
  private shownMatched = Number.NaN;
  private shownTicks = Number.NaN;
  private readonly file: string;
  private readonly text: (status: ReplayStatus) => string;
  /** Whether `stop` has written the line already. */
  private stopped = false;

  /** `source` is read at each refresh: assign a new one when a worker posts it. */
  constructor(
    public source: ReplayStatus,
    private readonly status: HTMLElement,
    options: ReplayPanelOptions = {},
  ) {
    const file = options.file ?? 'rapier';
    if (typeof file !== 'string' || file === '' || /[\\/]/.test(file)) {
      throw new RangeError(`ReplayPanel file must be a file name without slashes, got ${file}`);
    }
    if (options.text !== undefined && typeof options.text !== 'function') {
      throw new RangeError(`ReplayPanel text must be a function, got ${String(options.text)}`);
    }
    this.file = file;
    this.text = options.text ?? replayStatusText;
  }

  /**
   * Rewrites the status line if anything changed since the last call. Called on a timer a few
   * times a second, not per frame: the DOM is written only when there is something new.
   */
  refresh(): void {
    const r = this.source;
    const ticks = r.ticks;
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
    s.textContent = this.text(r);
  }

  /**
   * Says on the status line that the game stopped and why (`data-replay` becomes `error`), the
   * first time only: the first error is the cause, and what a stopped game throws after it (a
   * worker whose setup failed, asked to step) only follows from it. Returns whether it wrote.
   */
  stop(error: unknown): boolean {
    if (this.stopped) return false;
    this.stopped = true;
    this.status.dataset.replay = 'error';
    const message = error instanceof Error ? error.message : String(error);
    this.status.textContent = `the game stopped: ${message}`;
    return true;
  }

  /**
   * Refreshes the line every `ms` (a few times a second, never per frame: the overlay keeps its
   * own pace) from now on, and once at once. Returns the function that stops it.
   */
  refreshEvery(ms: number): () => void {
    if (!(ms > 0) || !Number.isFinite(ms)) {
      throw new RangeError(`ReplayPanel refreshEvery ms must be a positive number, got ${ms}`);
    }
    this.refresh();
    const timer = setInterval(() => this.refresh(), ms);
    return () => clearInterval(timer);
  }

  /**
   * Saves a recording (`InstantReplay.save()`'s bytes) to a file (a download) named after the
   * game and the build, so a bug report's file says which code it replays on.
   */
  save(bytes: Uint8Array, build: string): void {
    const url = URL.createObjectURL(new Blob([bytes as BlobPart]));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${this.file}-${build}.looprec`;
    link.click();
    // The download has its own copy once it started; give the memory back a little later.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  /**
   * Reads a recording file the person picked and hands its bytes to `play` (which replays
   * it, or shows why it cannot); a file that cannot be read goes to `refuse`. Whatever goes
   * wrong ends on the status line, never as an unhandled rejection nobody sees.
   */
  async load(
    file: File,
    play: (bytes: Uint8Array) => void,
    refuse: (error: unknown) => void,
  ): Promise<void> {
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await file.arrayBuffer());
    } catch (error) {
      refuse(error);
      this.refresh();
      return;
    }
    play(bytes);
    this.refresh();
  }
}

/**
 * The status line for each phase, with R to replay and Esc to return (the keys `RapierGame`'s
 * games bind); the instant replay's length is the configured one. ReplayPanel's default text.
 */
export function replayStatusText(r: ReplayStatus): string {
  switch (r.phase) {
    case 'recording':
      return `recording: ${r.ticks} ticks so far. R replays the last ${Math.round(r.instantSeconds * 10) / 10} s.`;
    case 'replaying':
      return `replaying: ${r.matched} of ${r.length} ticks matched. Esc returns to the game.`;
    case 'matched':
      return `replay matched ${r.matched} ticks`;
    case 'error':
      return r.message;
  }
}

/**
 * The file the person just picked in a file input, cleared so that picking the same file again
 * fires `change` again (loading one recording twice is how a replay is watched again).
 */
export function pickedFile(fileInput: HTMLInputElement): File | undefined {
  const file = fileInput.files?.[0];
  fileInput.value = '';
  return file;
}
