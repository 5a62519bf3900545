import type { InstantReplay, ReplayPhase } from '@loop/core/replay';

/**
 * What a page's status line shows of an instant replay: read from the `InstantReplay` itself on
 * the main thread ({@link statusOf}), or from the copy a worker posts a few times a second
 * ({@link copyStatus}), so one status line serves both modes.
 */
export interface ReplayStatus {
  readonly phase: ReplayPhase;
  readonly changes: number;
  readonly matched: number;
  readonly length: number;
  /** Ticks recorded and kept. */
  readonly ticks: number;
  readonly instantSeconds: number;
  readonly message: string;
}

/**
 * What the status line shows before the simulation reports (a worker's first report comes once
 * it has loaded Rapier): recording, nothing yet, and an instant replay of `instantSeconds`.
 */
export function firstStatus(instantSeconds = 10): ReplayStatus {
  return {
    phase: 'recording',
    changes: 0,
    matched: 0,
    length: 0,
    ticks: 0,
    instantSeconds,
    message: '',
  };
}

/** The status of `replays`, read live (getters): what the panel shows on the main thread. */
export function statusOf(replays: InstantReplay): ReplayStatus {
  return {
    get phase() {
      return replays.phase;
    },
    get changes() {
      return replays.changes;
    },
    get matched() {
      return replays.matched;
    },
    get length() {
      return replays.length;
    },
    get ticks() {
      return replays.recorder.ticks;
    },
    get instantSeconds() {
      return replays.instantSeconds;
    },
    get message() {
      return replays.message;
    },
  };
}

/** A copy of `status` that survives `postMessage` (plain numbers and strings). */
export function copyStatus(status: ReplayStatus): ReplayStatus {
  const { phase, changes, matched, length, ticks, instantSeconds, message } = status;
  return { phase, changes, matched, length, ticks, instantSeconds, message };
}
