import { createLoop, Random } from '@loop/core';
import { createInput, type Input } from '@loop/core/dom';
import { Game, type GameOptions } from './game';

/**
 * Plays the game headless for the tests: the loop on the manual scheduler fed the timestamps a
 * display would give, keys pressed and released at given ticks through a real `Input` (its
 * keyboard an EventTarget that receives plain events), and the state hash of every tick kept.
 */

/** 60 steps a second, as main.ts. */
export const TIMESTEP = 1000 / 60;
/** A small pile: enough bodies to collide, pile up and fall asleep, fast enough for a test. */
export const BOXES = 80;

/** A key event at a tick: `down` true presses the key, false releases it. */
export interface KeyAt {
  tick: number;
  code: string;
  down: boolean;
}

/**
 * The session the replay tests record: roll forward, then right, a jump, a teleport, roll back.
 * Every kind of control, and the pile knocked about.
 */
export const SCRIPT: readonly KeyAt[] = [
  { tick: 5, code: 'KeyW', down: true },
  { tick: 60, code: 'KeyD', down: true },
  { tick: 70, code: 'Space', down: true },
  { tick: 72, code: 'Space', down: false },
  { tick: 90, code: 'KeyW', down: false },
  { tick: 110, code: 'KeyT', down: true },
  { tick: 111, code: 'KeyT', down: false },
  { tick: 130, code: 'KeyD', down: false },
  { tick: 135, code: 'KeyS', down: true },
  { tick: 200, code: 'KeyS', down: false },
];

/** An Input whose keyboard the test presses: `press(code, down)`. */
export function scriptedInput(): { input: Input; press(code: string, down: boolean): void } {
  const keyboard = new EventTarget();
  const input = createInput({ keyboard });
  return {
    input,
    press(code, down) {
      keyboard.dispatchEvent(
        Object.assign(new Event(down ? 'keydown' : 'keyup'), { code, repeat: false }),
      );
    },
  };
}

/** Frame timestamps (ms) of a steady display at `hz`. */
export function steady(hz: number, frames: number): number[] {
  return Array.from({ length: frames }, (_, i) => (i * 1000) / hz);
}

/**
 * Frame timestamps (ms) of a 144 Hz display with ±2 ms of jitter, one 40 ms hitch (several
 * steps in one frame) and one 400 ms stall at `spikeAt` (past maxDelta: time is dropped).
 */
export function jittery144(frames: number, spikeAt: number): number[] {
  const random = new Random(7);
  const times: number[] = [];
  let t = 0;
  for (let i = 0; i < frames; i++) {
    t += 1000 / 144 + (random.next() - 0.5) * 4;
    if (i === spikeAt) t += 400;
    if (i === Math.floor(spikeAt / 2)) t += 40;
    times.push(t);
  }
  return times;
}

/** What a headless run gives back. */
export interface Run {
  game: Game;
  /** State hash after every tick, in order. */
  hashes: number[];
  /** Rendered frames that ran more than one step. */
  multiStepFrames: number;
}

/**
 * Drives `game` (a new one from `options` if none) through a manual loop over `times`, pressing
 * the `script` keys at their ticks, until `ticks` ticks ran or the times run out.
 */
export function play(
  times: readonly number[],
  ticks: number,
  script: readonly KeyAt[] = SCRIPT,
  game: Game = new Game(defaults()),
): Run {
  const { input, press } = scriptedInput();
  const hashes: number[] = [];
  let multiStepFrames = 0;
  let stepsThisFrame = 0;
  const loop = createLoop({
    scheduler: 'manual',
    timestep: TIMESTEP,
    update(dt) {
      if (hashes.length >= ticks) return;
      for (const key of script) if (key.tick === hashes.length) press(key.code, key.down);
      game.update(dt, input.sample());
      hashes.push(game.lastHash);
      stepsThisFrame++;
    },
    render(alpha) {
      if (stepsThisFrame > 1) multiStepFrames++;
      stepsThisFrame = 0;
      game.poses.blend(alpha);
    },
  });
  loop.start();
  for (const t of times) {
    if (hashes.length >= ticks) break;
    loop.frame(t);
  }
  loop.stop();
  return { game, hashes, multiStepFrames };
}

/** The options the tests make games with. */
export function defaults(overrides: Partial<GameOptions> = {}): GameOptions {
  return { boxes: BOXES, timestep: TIMESTEP, keyframeSeconds: 1, ...overrides };
}
