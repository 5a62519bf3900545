/** What the overlay shows of the physics in either mode. */
export interface PhysicsFigures {
  bodies: number;
  awake: number;
  /**
   * The most bodies faster than 1 m/s in one step since the last reading: what the eye sees
   * move (a settling pile's millimetres are awake but still). A test reads it to know the
   * physics is on show.
   */
  moving: number;
  /** Rapier's time per step in ms, averaged since the last reading. */
  stepMs: number;
  keyframeMs: number;
  keyframeBytes: number;
}

/** Figures with nothing measured yet, of `bodies` bodies: what a reading writes into. */
export function noFigures(bodies = 0): PhysicsFigures {
  return { bodies, awake: 0, moving: 0, stepMs: 0, keyframeMs: 0, keyframeBytes: 0 };
}

/** What {@link physicsFigures} reads of a game: its counters, its poses and its replay. */
export interface FigureSource {
  /** Fixed steps run (live or replayed). */
  readonly steps: number;
  /** Milliseconds all `world.step()` calls took so far (wall clock). */
  readonly stepMsTotal: number;
  /** The bodies and how many the latest step read awake ({@link Poses}). */
  readonly poses: { readonly count: number; readonly active: number };
  /** The most bodies faster than 1 m/s in one step since the last reading; the reading resets it. */
  movingPeak: number;
  /** The instant replay, for what its keyframes cost (`InstantReplay` of @loop/core/replay). */
  readonly replays: { readonly keyframeMs: number; readonly keyframeBytes: number };
}

/**
 * Reads the physics figures of `game` (Rapier's step time averaged since the last call: one
 * step's time jumps around; kept as it was when no step ran since) into `out`: what a stats
 * overlay shows of the physics, read a few times a second rather than every frame.
 */
export function physicsFigures(game: FigureSource): (out: PhysicsFigures) => PhysicsFigures {
  let stepsBefore = 0;
  let msBefore = 0;
  return (out) => {
    const steps = game.steps - stepsBefore;
    if (steps > 0) out.stepMs = (game.stepMsTotal - msBefore) / steps;
    stepsBefore = game.steps;
    msBefore = game.stepMsTotal;
    out.bodies = game.poses.count;
    out.awake = game.poses.active;
    out.moving = game.movingPeak;
    game.movingPeak = 0;
    out.keyframeMs = game.replays.keyframeMs;
    out.keyframeBytes = game.replays.keyframeBytes;
    return out;
  };
}

/**
 * The page's end of worker mode's figures: the worker posts them a few times a second and the
 * overlay reads them on its own timer, so two reports can come between two readings. The
 * newest report is shown, but with the highest peak of moving bodies of all the reports since
 * the last reading: a fall seen by the first report is not lost to the second's quiet.
 */
export class FiguresInbox {
  /** What the overlay shows until the first report: the bodies, and nothing measured yet. */
  private latest: PhysicsFigures;
  /** The most moving bodies of the reports since the last reading. */
  private peak = 0;

  constructor(bodies: number) {
    this.latest = noFigures(bodies);
  }

  /** A report from the worker: it becomes the figures shown (and is kept, not copied). */
  receive(figures: PhysicsFigures): void {
    this.peak = Math.max(this.peak, figures.moving);
    figures.moving = this.peak;
    this.latest = figures;
  }

  /** The figures for the overlay: the newest report, its peak since the last reading. */
  read(): PhysicsFigures {
    this.peak = 0;
    return this.latest;
  }
}

/** How worker mode's snapshots fared, from the page's `loop.health`: the overlay's last line. */
export interface SnapshotFigures {
  readonly late: number;
  readonly reused: number;
}

/**
 * The stats overlay's lines below the loop's own: where the simulation runs (`where`), the
 * ticks per second measured (`ticksPerSecond`), the bodies, Rapier's step time and the
 * keyframes' cost (one every `keyframeSeconds`), and in worker mode how its snapshots fared. A
 * test reads these lines to know the mode and that the physics runs.
 */
export function figuresText(
  where: string,
  ticksPerSecond: number,
  f: PhysicsFigures,
  keyframeSeconds: number,
  snapshots?: SnapshotFigures,
): string {
  const late = snapshots ? `\nsnapshots  ${snapshots.late} late, ${snapshots.reused} reused` : '';
  return (
    `simulation ${where}\n` +
    `ticks/s    ${ticksPerSecond.toFixed(1)}\n` +
    `bodies     ${f.bodies} (${f.awake} awake, ${f.moving} moving)\n` +
    `physics    ${f.stepMs.toFixed(2)} ms / step\n` +
    `keyframe   ${f.keyframeMs.toFixed(1)} ms, ${(f.keyframeBytes / 1e6).toFixed(1)} MB / ${keyframeSeconds} s` +
    late
  );
}
