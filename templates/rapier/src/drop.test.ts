import { loadRapier } from 'virtual:rapier-wasm';
import { Recording } from '@loop/core/replay';
import { physicsFigures } from '@loop/rapier';
import { beforeAll, describe, expect, it } from 'vitest';
import { Game } from './game';
import { defaults, type KeyAt, play, SCRIPT, steady } from './headless.test-support';
import { DROP_BOXES, DROP_LAYER, DROP_LOW, DROP_SIDE } from './layout';

beforeAll(() => loadRapier());

/** Above this height a box is in the air over the pile (the pile is under 2 m high). */
const ABOVE_PILE = 3;

/** The boxes higher than {@link ABOVE_PILE}, by index, and their heights. */
function inTheAir(game: Game): Map<number, number> {
  const p = game.poses.positions.current;
  const high = new Map<number, number>();
  for (let i = 1; i < game.poses.count; i++)
    if (p[3 * i + 1]! > ABOVE_PILE) high.set(i, p[3 * i + 1]!);
  return high;
}

/** The replay tests' session with B pressed at `tick`: a drop in the middle of play. */
function withDrop(tick: number): KeyAt[] {
  return [
    ...SCRIPT,
    { tick, code: 'KeyB', down: true },
    { tick: tick + 1, code: 'KeyB', down: false },
  ].sort((a, b) => a.tick - b.tick);
}

describe('a drop of boxes (B)', () => {
  it('lifts boxes above the pile, each in a cell of its own, and they fall down onto it', () => {
    const game = new Game(defaults({ boxes: 200 }));
    play(steady(60, 200), 120, [], game); // the pile settles
    expect(inTheAir(game).size).toBe(0);
    const figures = physicsFigures(game);
    const read = { bodies: 0, awake: 0, moving: 0, stepMs: 0, keyframeMs: 0, keyframeBytes: 0 };
    figures(read); // the peak of the settling so far, read and reset
    play(steady(60, 100), 30, [], game);
    expect(figures(read).moving).toBe(0); // the overlay's "moving": nothing to see
    play(steady(60, 10), 1, [{ tick: 0, code: 'KeyB', down: true }], game);
    const lifted = inTheAir(game);
    expect(lifted.size).toBe(DROP_BOXES);
    // Not smeared from the pile: drawn at their new place only.
    for (const i of lifted.keys()) {
      expect(game.poses.positions.previous[3 * i + 1]).toBe(
        game.poses.positions.current[3 * i + 1],
      );
    }
    play(steady(60, 100), 30, [], game);
    expect(figures(read).moving).toBeGreaterThanOrEqual(DROP_BOXES);
    const falling = inTheAir(game);
    for (const [i, y] of lifted) expect(falling.get(i) ?? 0).toBeLessThan(y - 1);
    play(steady(60, 400), 240, [], game);
    expect(inTheAir(game).size).toBe(0); // landed, on the pile or the floor
  });

  it('lifts them in 4 layers of 16, from 5 m up and 2 m apart, each less than 1 m above its layer', () => {
    const game = new Game(defaults({ boxes: 100 }));
    play(steady(60, 10), 1, [{ tick: 0, code: 'KeyB', down: true }], game);
    const heights = [...inTheAir(game).values()].sort((a, b) => a - b);
    expect(heights.length).toBe(DROP_BOXES);
    for (const [k, y] of heights.entries()) {
      const floor = DROP_LOW + Math.floor(k / (DROP_SIDE * DROP_SIDE)) * DROP_LAYER;
      // One step of gravity after the drop: under 3 mm.
      expect(y).toBeGreaterThan(floor - 0.01);
      expect(y).toBeLessThan(floor + DROP_LAYER - 1);
    }
  });

  it('is part of the recording: the same drop replays tick for tick, and differs from no drop', () => {
    const ticks = 200;
    const dropped = play(steady(60, 2 * ticks), ticks, withDrop(100));
    const plain = play(steady(60, 2 * ticks), ticks, SCRIPT);
    // The same up to the drop's tick, another game from it on.
    expect(dropped.hashes.slice(0, 100)).toEqual(plain.hashes.slice(0, 100));
    for (let t = 100; t < ticks; t++) expect(dropped.hashes[t]).not.toBe(plain.hashes[t]);

    // Its recording, through bytes, replays the drop in another game with every hash equal.
    const recording = dropped.game.replays.recorder.recording();
    expect(recording.firstTick).toBe(0);
    const other = new Game(defaults());
    other.replays.play(Recording.fromBytes(recording.toBytes(), other.replays.build));
    const replayed = play(steady(60, 2 * ticks), ticks, [], other);
    expect(other.replays.phase).toBe('matched');
    expect(other.replays.matched).toBe(ticks);
    expect(replayed.hashes).toEqual(dropped.hashes);
  });

  it('draws its boxes and places from the state and the seed: the same state drops the same way', () => {
    const a = play(steady(60, 100), 40, withDrop(20));
    const b = play(steady(60, 100), 40, withDrop(20));
    expect(a.hashes).toEqual(b.hashes);
    const seeded = play(steady(60, 100), 40, withDrop(20), new Game(defaults({ seed: 2 })));
    expect(seeded.hashes[20]).not.toBe(a.hashes[20]);
  });
});
