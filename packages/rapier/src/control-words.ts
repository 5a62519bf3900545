import type { ReplayGame, StartedGame } from './replay-worker.js';

/**
 * Worker mode's input as numbers: a game's controls of one tick (what its `Controls.read` gives
 * and a recording keeps) and the page's replay keys, sent from the page each frame and read by
 * the worker each step. The page samples once per frame and the worker steps on its own time,
 * so a press sent as "1 in this sample" could land in no step (two frames between steps, the
 * second one's 0 wins) or in several. Each press (a control that lasts one tick: a jump, a
 * teleport; and the replay and end keys) therefore travels as a running count, applied exactly
 * once, in the first step that sees it grow; the other controls (a stick) travel as they are.
 *
 * Words: the controls at their own indices (presses as counts), then the replays asked for, then
 * the replays ended: `controls + 2` numbers.
 */
function pulseFlags(owner: string, controls: number, pulses: readonly number[]): Uint8Array {
  if (!Number.isInteger(controls) || controls < 1) {
    throw new RangeError(`${owner} controls must be an integer >= 1, got ${controls}`);
  }
  const flags = new Uint8Array(controls);
  for (const p of pulses) {
    if (!Number.isInteger(p) || p < 0 || p >= controls) {
      throw new RangeError(`${owner} pulses must be indices below ${controls}, got ${p}`);
    }
    flags[p] = 1;
  }
  return flags;
}

/** Words for `controls` numbers a tick: the controls, then the replay and end counts. */
export function controlWordCount(controls: number): number {
  return controls + 2;
}

/**
 * The page's end of the control words: folds each frame's controls and replay keys into the
 * words it sends, counting presses so none is lost or applied twice. Allocates nothing per call.
 */
export class ControlWords {
  /** Numbers per message: {@link controlWordCount}. */
  readonly words: number;
  private readonly counts: Float64Array;
  private readonly pulse: Uint8Array;

  /** `controls`: numbers per tick; `pulses`: the indices of those that are one-tick presses. */
  constructor(
    readonly controls: number,
    pulses: readonly number[],
  ) {
    this.pulse = pulseFlags('ControlWords', controls, pulses);
    this.words = controlWordCount(controls);
    this.counts = new Float64Array(this.words);
  }

  /** Writes this frame's `controls`, and whether the replay and end keys went down, into `words`. */
  write(words: Float64Array, controls: ArrayLike<number>, replay: boolean, end: boolean): void {
    const c = this.counts;
    const n = this.controls;
    for (let i = 0; i < n; i++) {
      if (this.pulse[i]) {
        if (controls[i]) c[i]!++;
      } else {
        c[i] = controls[i]!;
      }
    }
    if (replay) c[n]!++;
    if (end) c[n + 1]!++;
    words.set(c);
  }
}

/**
 * The worker's end of the control words: turns the words of each step back into the controls
 * a game's step takes (a press 1 in exactly one step) and the replay and end requests.
 */
export class ControlReader {
  /** This step's controls, as `RapierGame.advance` takes them. */
  readonly controls: Float64Array;
  /** An instant replay was asked for since the last step. */
  replay = false;
  /** Ending a replay was asked for since the last step. */
  end = false;
  private readonly seen: Float64Array;
  private readonly pulse: Uint8Array;

  /** `controls` and `pulses` as the page's {@link ControlWords} has them. */
  constructor(controls: number, pulses: readonly number[]) {
    this.pulse = pulseFlags('ControlReader', controls, pulses);
    this.controls = new Float64Array(controls);
    this.seen = new Float64Array(controlWordCount(controls));
  }

  /** Reads the words of this step (what the page sent most recently). */
  read(words: Float64Array): void {
    const seen = this.seen;
    const out = this.controls;
    const n = out.length;
    for (let i = 0; i < n; i++) {
      out[i] = this.pulse[i] ? (words[i]! > seen[i]! ? 1 : 0) : words[i]!;
    }
    this.replay = words[n]! > seen[n]!;
    this.end = words[n + 1]! > seen[n + 1]!;
    seen.set(words);
  }
}

/**
 * A game served in a worker, stepped from the page's control words: what `replaySimulation`'s
 * `start` returns for a game whose page uses {@link ControlWords}. `controls` and `pulses` are
 * the page's.
 */
export function wordsGame<G extends ReplayGame>(
  game: G,
  controls: number,
  pulses: readonly number[],
): StartedGame<G> {
  const reader = new ControlReader(controls, pulses);
  return {
    game,
    step(dt, words) {
      reader.read(words);
      game.advance(dt, reader.controls, reader.replay, reader.end);
    },
  };
}
