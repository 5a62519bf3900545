import { Playback, Recorder, Recording, RecordingError } from '@loop/core/replay';

/** What a replay needs of the simulation: its whole state as bytes, and a hash of it. */
export interface Replayable {
  /** The whole simulation state (a keyframe). */
  saveState(): Uint8Array;
  /** Replaces the whole simulation state with one from `saveState`. */
  loadState(bytes: Uint8Array): void;
}

/** Where record and replay stand, as the page shows it. */
export type ReplayPhase = 'recording' | 'replaying' | 'matched' | 'error';

/** Options of {@link Replays}. */
export interface ReplayOptions {
  /**
   * The id recordings are made and checked with: the build and the game's configuration (see
   * `recordingId` in game.ts), so a file from another build or another pile is refused.
   */
  build: string;
  /** The loop's timestep in ms. */
  timestep: number;
  /** Ticks between keyframes: how far before the asked start an instant replay may begin. */
  keyframeTicks: number;
  /** Ticks of history kept: what an instant replay and a saved file can reach back to. */
  keepTicks: number;
  /** Ticks an instant replay shows. */
  instantTicks: number;
}

/**
 * Records every live tick and plays recordings back through the same tick code, checking the
 * state hash of every tick. While live, each tick's controls are recorded with the hash after
 * it, and a keyframe (the whole state) every `keyframeTicks`; `instant()` replays about the last
 * `instantTicks`, `load(bytes)` a saved file. A replay starts at the next tick: the live state is
 * saved, the recording's start state loaded, and its ticks feed the controls until it ends; then
 * the live state comes back and recording goes on as if the replay had not happened. (Continuing
 * from the replay's end would also work for an instant replay, which ends where the live game
 * was, but not for a file from another session; one rule for both is simpler.)
 *
 * A file that cannot be replayed (refused by `load`, or whose start state the game cannot load)
 * never touches the live game: phase 'error' says why, and a replay that was running ends at the
 * next tick, as a file that loads would have ended it, so nothing overwrites the message.
 */
export class Replays {
  /** Records the live ticks. */
  readonly recorder: Recorder;
  /** Where things stand; `changes` counts every change, so the page redraws only then. */
  phase: ReplayPhase = 'recording';
  /** Ticks the replay has matched so far (or matched in all, once `phase` is 'matched'). */
  matched = 0;
  /** Ticks in the recording being replayed (or last replayed). */
  length = 0;
  /** The error's message when `phase` is 'error'. */
  message = '';
  /** Bumped at every change of phase, matched ticks or message. */
  changes = 0;
  /** Milliseconds the latest keyframe's `saveState` took (wall clock, for the overlay). */
  keyframeMs = 0;
  /** Bytes of the latest keyframe: each of the kept keyframes is about this big. */
  keyframeBytes = 0;

  private playback: Playback | null = null;
  private pending: Playback | null = null;
  private live: Uint8Array | null = null;
  /** A file was refused: the running replay ends at the next tick, the error stays shown. */
  private abandon = false;
  private readonly options: ReplayOptions;

  constructor(options: ReplayOptions) {
    this.options = options;
    this.recorder = new Recorder({
      build: options.build,
      timestep: options.timestep,
      keep: options.keepTicks,
    });
  }

  /** True from the tick a replay starts to the tick it ends. */
  get replaying(): boolean {
    return this.playback !== null;
  }

  /** The id recordings are made and checked with (build and configuration). */
  get build(): string {
    return this.options.build;
  }

  /** Seconds an instant replay shows, as configured: what the page tells the player. */
  get instantSeconds(): number {
    return (this.options.instantTicks * this.options.timestep) / 1000;
  }

  /** Asks for an instant replay of about the last `instantTicks`, from the next tick. */
  instant(): void {
    if (this.recorder.ticks === 0) return;
    this.play(this.recorder.recording(this.options.instantTicks));
  }

  /**
   * Asks for a recording to be replayed from the next tick; throws a RecordingError if it was
   * recorded at another timestep (its ticks would be other steps). A `Playback` given here is
   * the one the ticks consume, so `replayAll(playback, ...)` can drive the replay as fast as
   * possible; if the replay ends early (it diverged), nothing consumes the playback any more and
   * `replayAll` throws a RecordingError too, with `phase` already 'error' and the reason.
   */
  play(source: Recording | Playback): void {
    const playback = source instanceof Playback ? source : new Playback(source);
    const { timestep } = playback.recording;
    if (timestep !== this.options.timestep) {
      throw new RecordingError(
        `this recording steps every ${timestep} ms and this game every ${this.options.timestep} ms: replaying it here would diverge`,
      );
    }
    this.pending = playback;
    this.abandon = false;
  }

  /**
   * Reads a saved recording and replays it from the next tick, or shows why it cannot: not a
   * recording, corrupted or cut short, made by another build or configuration, or at another
   * timestep. Returns whether it will play.
   */
  load(bytes: Uint8Array): boolean {
    try {
      this.play(Recording.fromBytes(bytes, this.options.build));
      return true;
    } catch (error) {
      this.refuse(error);
      return false;
    }
  }

  /**
   * Shows why a file cannot be replayed (phase 'error') and ends a running replay at the next
   * tick; the live game goes on. For errors found outside `load`, such as reading the file.
   */
  refuse(error: unknown): void {
    this.pending = null;
    if (this.playback) this.abandon = true;
    this.fail(`cannot replay this file: ${error instanceof Error ? error.message : String(error)}`);
  }

  /** Everything kept (up to `keepTicks`), as a file's bytes. */
  save(): Uint8Array {
    return this.recorder.recording().toBytes();
  }

  /** Ends a replay at the next tick and goes back to the live game. */
  stop(sim: Replayable): void {
    this.pending = null;
    if (this.playback) {
      this.finish(sim);
      this.set('recording', '');
    }
  }

  /**
   * The controls of this tick, first thing in it: the live ones (recorded, after a keyframe when
   * one is due) or the recording's. Starts a pending replay, loading its start state into `sim`.
   */
  begin(sim: Replayable, live: Float64Array, out: Float64Array): Float64Array {
    if (this.abandon) {
      this.abandon = false;
      if (this.playback) this.finish(sim); // the phase stays 'error', with its message
    }
    const pending = this.pending;
    if (pending) {
      this.pending = null;
      this.start(sim, pending);
    }
    const playback = this.playback;
    if (playback) {
      playback.sampleValues(out);
      return out;
    }
    const recorder = this.recorder;
    if (recorder.ticks % this.options.keyframeTicks === 0) {
      const start = performance.now();
      const state = sim.saveState();
      this.keyframeMs = performance.now() - start;
      this.keyframeBytes = state.length;
      recorder.keyframe(state);
    }
    recorder.record(live);
    return live;
  }

  /**
   * Last thing in a tick, with the hash of the state it left: recorded while live; checked
   * against the recording during a replay, which ends at a divergence or at its last tick.
   */
  end(sim: Replayable, hash: number): void {
    const playback = this.playback;
    if (!playback) {
      this.recorder.hash(hash);
      return;
    }
    try {
      playback.verify(hash);
    } catch (error) {
      if (!(error instanceof RecordingError)) throw error;
      this.finish(sim);
      this.fail(error.message);
      return;
    }
    this.matched = playback.tick;
    if (playback.done) {
      this.finish(sim);
      this.set('matched', '');
    }
  }

  /**
   * Loads a replay's start state and plays it. If the game cannot load it (a state of another
   * configuration), `loadState` left the live world as it was: the error is shown, a running
   * replay ends, and this tick goes on live.
   */
  private start(sim: Replayable, pending: Playback): void {
    // A replay asked for during another keeps the live state saved before the first.
    if (!this.live) this.live = sim.saveState();
    try {
      sim.loadState(pending.recording.start);
    } catch (error) {
      if (this.playback) this.finish(sim);
      this.live = null;
      this.refuse(error);
      return;
    }
    this.playback = pending;
    this.length = pending.recording.length;
    this.matched = 0;
    this.set('replaying', '');
  }

  /** Ends the replay and brings the live state back; the caller says what phase follows. */
  private finish(sim: Replayable): void {
    this.playback = null;
    const live = this.live;
    this.live = null;
    if (live) sim.loadState(live);
  }

  private fail(message: string): void {
    this.set('error', message);
  }

  private set(phase: ReplayPhase, message: string): void {
    this.phase = phase;
    this.message = message;
    this.changes++;
  }
}
