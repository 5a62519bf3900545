import { hashNumbers } from '../replay/hash.js';
import { InstantReplay } from '../replay/instant.js';
import type { InstantReplayOptions } from '../replay/instant-options.js';
import { Recorder } from '../replay/recorder.js';

/**
 * A small deterministic game and the harness the instant replay tests drive it with: a game
 * that never replays to compare against, one tick as a game's update runs it, and files that
 * cannot be replayed.
 */

export const TIMESTEP = 1000 / 60;

/** A small deterministic game: bodies pushed by one control number, bouncing in a box. */
export class Game {
  state = new Float64Array(8); // x, v for four bodies
  constructor() {
    for (let i = 0; i < 4; i++) this.state[2 * i] = i * 10;
  }
  step(push: number): void {
    const s = this.state;
    for (let i = 0; i < 4; i++) {
      s[2 * i + 1]! += push * (i + 1) * 0.01;
      s[2 * i]! += s[2 * i + 1]! / 60;
      if (s[2 * i]! > 100 || s[2 * i]! < 0) s[2 * i + 1] = -s[2 * i + 1]!;
    }
  }
  hash(): number {
    return hashNumbers(this.state);
  }
  saveState(): Uint8Array {
    return new Uint8Array(this.state.slice().buffer);
  }
  loadState(bytes: Uint8Array): void {
    if (bytes.length !== 64) throw new Error(`a state of ${bytes.length} bytes, not 64`);
    this.state = new Float64Array(bytes.slice().buffer);
  }
}

/** The input of live tick `t`: a push that changes over time. */
export const pushAt = (t: number) => ((t * 7) % 13) - 6;

/** A game that never replays (no InstantReplay at all) after `n` ticks, and each tick's hash. */
export function cleanRun(n: number): { game: Game; hashes: number[] } {
  const game = new Game();
  const hashes: number[] = [];
  for (let t = 0; t < n; t++) {
    game.step(pushAt(t));
    hashes.push(game.hash());
  }
  return { game, hashes };
}

/**
 * A game with its replay, and one tick as a game's update runs it; `inside` runs between begin
 * and end, as code inside the step would. A tick is live when the recorder counted it.
 */
export function setup(options: Partial<InstantReplayOptions> = {}) {
  const game = new Game();
  const replay = new InstantReplay(game, { build: 'b1', timestep: TIMESTEP, ...options });
  const live = new Float64Array(1);
  const out = new Float64Array(1);
  const liveHashes: number[] = [];
  const tick = (inside?: () => void) => {
    const before = replay.recorder.ticks;
    live[0] = pushAt(before);
    const input = replay.begin(live, out);
    game.step(input[0]!);
    const hash = game.hash(); // as a game's step works it out, before code at its end
    inside?.();
    replay.end(hash);
    if (replay.recorder.ticks > before) liveHashes.push(game.hash());
  };
  return { game, replay, tick, liveHashes };
}

/** A file of this build whose start state the game cannot load (10 bytes, not 64). */
export function unloadable(): Uint8Array {
  const recorder = new Recorder({ build: 'b1', timestep: TIMESTEP });
  recorder.keyframe(new Uint8Array(10));
  recorder.record([0]).hash(0);
  return recorder.recording().toBytes();
}

export const GARBAGE = new TextEncoder().encode('not a recording');
