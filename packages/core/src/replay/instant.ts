import { InputSnapshot } from '../dom/input.js';
import { checkKnownOptions } from '../known-options.js'; // development build only
import { show } from '../show.js';
import { RecordingError } from './error.js';
import { type InstantReplayOptions, ticks } from './instant-options.js';
import { Playback } from './playback.js';
import { Recorder } from './recorder.js';
import { Recording } from './recording.js';

/** What an instant replay needs of the game: its whole state as bytes, and back. */
export interface Replayable {
  /** The whole simulation state (a keyframe): `world.takeSnapshot()`, your own bytes. */
  saveState(): Uint8Array;
  /** Replaces the whole simulation state with one from `saveState`; throws if it cannot. */
  loadState(bytes: Uint8Array): void;
}

/** Where record and replay stand, as a page shows it. */
export type ReplayPhase = 'recording' | 'replaying' | 'matched' | 'error';

/**
 * Instant replay and bug-report recordings for a fixed-step game in about ten lines of its own,
 * on {@link Recorder} and {@link Playback}: Patrick Dickinson's "Instant Replay: Building a Game
 * Engine with Reproducible Behavior" (a session is its initial state and the player's inputs),
 * checked as in Glenn Fiedler's "Deterministic Lockstep" (a checksum of the state each tick).
 * Every live tick is recorded with the state hash after it, and a keyframe (the whole state)
 * every `keyframeSeconds`; {@link instant} replays about the last `instantSeconds`, {@link load}
 * a saved file. A replay starts at the next tick: the live state is saved, the recording's start
 * state loaded, and its ticks feed the game's own update until they end (every tick's hash
 * checked); then the live state comes back and recording goes on as if the replay had not
 * happened. A file that cannot be replayed (refused by {@link load}, a start state the game
 * cannot load, ticks its update cannot read) never touches the live game: phase 'error' says why.
 *
 * @example
 * const replay = new InstantReplay(game, { build: BUILD, timestep: loop.options.timestep });
 * // in update, once per fixed step (R read from the live input, not from the replay's):
 * const keys = input.sample();
 * if (keys.wasPressed('KeyR')) replay.instant();
 * const used = replay.begin(keys); // the live input (recorded), or the replay's
 * game.step(dt, used);
 * replay.end(game.hash());
 * loop.timeScale = replay.timeScale; // the replay's speed while one plays, 1 otherwise
 */
export class InstantReplay {
  /** Records the live ticks. */
  readonly recorder: Recorder;
  /** Where things stand, for the page; {@link changes} counts its changes. */
  phase: ReplayPhase = 'recording';
  /** Ticks the replay has matched so far (or matched in all, once `phase` is 'matched'). */
  matched = 0;
  /** Ticks in the recording being replayed (or last replayed). */
  length = 0;
  /** Why, when `phase` is 'error'. */
  message = '';
  /**
   * Bumped at every change of phase or message, so a page redraws its status only then. Not
   * at each replayed tick: compare {@link matched} too if the page shows the count.
   */
  changes = 0;
  /** Milliseconds the latest keyframe's `saveState` took (wall clock, for an overlay). */
  keyframeMs = 0;
  /** Bytes of the latest keyframe: each kept keyframe is about this big. */
  keyframeBytes = 0;
  #speed = 1;
  #playback: Playback | null = null;
  #pending: Playback | null = null;
  #live: Uint8Array | null = null;
  /** A file was refused: a running replay ends at the next tick, the error stays shown. */
  #abandon: boolean | undefined;
  /** This tick was recorded: only then is its hash the live game's (a replay may stop in it). */
  #liveTick: boolean | undefined;
  readonly #timestep: number;
  /** Ticks an instant replay shows (at least): `instantSeconds` or `instantTicks`. */
  readonly instantTicks: number;
  /** Ticks between keyframes; a keyframe is taken before every live tick it divides. */
  readonly keyframeTicks: number;

  /** Checks every option (a RangeError names the option and the value) and starts recording. */
  constructor(
    private readonly game: Replayable,
    options: InstantReplayOptions,
  ) {
    checkKnownOptions(options, 'InstantReplay'); // development build only
    // The Recorder checks build and timestep, naming them.
    this.recorder = new Recorder({
      build: options.build,
      timestep: options.timestep,
      keep: ticks(options, 'keep', 12),
    });
    this.#timestep = options.timestep;
    this.instantTicks = ticks(options, 'instant', 10);
    this.keyframeTicks = ticks(options, 'keyframe', 2);
    this.speed = options.speed ?? 1;
  }

  /** The id recordings are made and checked with. */
  get build(): string {
    return this.recorder.build;
  }

  /** Seconds an instant replay shows, as configured: what a page tells the player. */
  get instantSeconds(): number {
    return (this.instantTicks * this.#timestep) / 1000;
  }

  /** True from the tick a replay starts to the tick it ends. */
  get replaying(): boolean {
    return this.#playback !== null;
  }

  /** The replay's speed: a finite number > 0 (RangeError otherwise). */
  get speed(): number {
    return this.#speed;
  }

  /** Sets the replay's speed; a RangeError names anything but a finite number > 0. */
  set speed(value: number) {
    if (typeof value !== 'number' || !(value > 0) || value === Infinity) {
      throw new RangeError(`InstantReplay speed must be a finite number > 0, got ${show(value)}`);
    }
    this.#speed = value;
  }

  /**
   * The time scale the loop should run at now: {@link speed} while a replay plays, 1 while
   * live. Write it to `loop.timeScale` each step: the speed changes how many steps a frame
   * runs, never `dt`, so a replay at any speed is the same game.
   */
  get timeScale(): number {
    return this.#playback ? this.#speed : 1;
  }

  /** Asks for an instant replay of about the last `instantSeconds`, from the next tick. */
  instant(): void {
    if (this.recorder.ticks === 0) return;
    this.play(this.recorder.recording(this.instantTicks));
  }

  /**
   * Asks for a recording to be replayed from the next tick; throws a RecordingError if it was
   * recorded at another timestep. A `Playback` given here is the one the ticks consume, so
   * `replayAll(playback, ...)` can drive the replay as fast as possible.
   */
  play(source: Recording | Playback): void {
    const playback = source instanceof Playback ? source : new Playback(source);
    const { timestep } = playback.recording;
    if (timestep !== this.#timestep) {
      throw new RecordingError(
        `this recording steps every ${timestep} ms and this game every ${this.#timestep} ms: replaying it here would diverge`,
      );
    }
    this.#pending = playback;
  }

  /**
   * Reads a saved recording and replays it from the next tick, or shows why it cannot (phase
   * 'error'): not a recording, corrupted or cut short, another build, another timestep.
   * Returns whether it will play.
   */
  load(bytes: Uint8Array): boolean {
    try {
      this.play(Recording.fromBytes(bytes, this.build));
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
    this.#pending = null;
    this.#abandon = true;
    this.#set(
      'error',
      `cannot replay this file: ${error instanceof Error ? error.message : String(error)}`,
    );
  }

  /** Everything kept (up to `keepSeconds`), as a file's bytes. */
  save(): Uint8Array {
    return this.recorder.recording().toBytes();
  }

  /** Ends a replay at once and goes back to the live game. */
  stop(): void {
    this.#pending = null;
    if (!this.#playback) return;
    this.#finish();
    this.#set('recording', '');
  }

  /**
   * First thing in a tick: the input this tick consumes. While live that is `live`, recorded
   * (after a keyframe when one is due); during a replay, the recording's tick (numbers into
   * `out`, or a snapshot). Starts a pending replay, loading its start state into the game. A
   * tick the update cannot read (rows of the other kind) ends the replay as a refused file does.
   */
  begin(live: InputSnapshot): InputSnapshot;
  begin(live: Float64Array, out: Float64Array): Float64Array;
  begin(live: InputSnapshot | Float64Array, out?: Float64Array): InputSnapshot | Float64Array {
    this.#startTick();
    const playback = this.#playback;
    if (playback) {
      this.#liveTick = false;
      try {
        if (live instanceof InputSnapshot) return playback.sample();
        playback.sampleValues(out!);
        return out!;
      } catch (error) {
        // Rows of the other kind, or more numbers than `out` holds: a file no update can
        // read. The replay ends with the live state, and this tick is a live one.
        this.#finish();
        this.refuse(error);
      }
    }
    this.#liveTick = true;
    const recorder = this.recorder;
    if (recorder.ticks % this.keyframeTicks === 0) {
      const start = performance.now();
      const state = this.game.saveState();
      this.keyframeMs = performance.now() - start;
      this.keyframeBytes = state.length;
      recorder.keyframe(state);
    }
    recorder.record(live);
    return live;
  }

  /**
   * Last thing in a tick, with the hash of the state it left (see `hashNumbers`): recorded
   * while live; checked during a replay, which ends at a divergence or at its last tick; left
   * alone when the replay was stopped inside the tick (it is no live state's).
   */
  end(hash: number): void {
    const playback = this.#playback;
    if (!playback) {
      if (this.#liveTick) this.recorder.hash(hash);
      return;
    }
    try {
      playback.verify(hash);
    } catch (error) {
      // A RecordingError naming the first tick that differs.
      this.#finish();
      this.#set('error', (error as Error).message);
      return;
    }
    this.matched = playback.tick;
    if (playback.done) {
      this.#finish();
      this.#set('matched', '');
    }
  }

  /** A refused file ends the running replay; a pending one starts. */
  #startTick(): void {
    if (this.#abandon && this.#playback) this.#finish(); // the phase stays 'error'
    this.#abandon = false;
    const pending = this.#pending;
    if (!pending) return;
    this.#pending = null;
    // A replay asked for during another keeps the live state saved before the first.
    if (!this.#live) this.#live = this.game.saveState();
    try {
      this.game.loadState(pending.recording.start);
    } catch (error) {
      // Show why, end a running replay and go on live (the saved live state loaded again).
      this.#finish();
      this.refuse(error);
      return;
    }
    this.#playback = pending;
    this.length = pending.recording.length;
    this.matched = 0;
    this.#set('replaying', '');
  }

  /** Ends the replay and brings the live state back (saved when it started). */
  #finish(): void {
    this.#playback = null;
    const live = this.#live!;
    this.#live = null;
    this.game.loadState(live);
  }

  #set(phase: ReplayPhase, message: string): void {
    this.phase = phase;
    this.message = message;
    this.changes++;
  }
}
