import { Random } from '@loop/core';
import { createInput } from '@loop/core/dom';
import { type DrawCall, recordingContext } from '@loop/core/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { draw, makeSprites } from './draw';
import { Game } from './game';
import { World } from './world';

/** A sprite canvas as the fake document makes it, with the calls that painted it. */
interface Sprite {
  kind: string;
  width: number;
  height: number;
  calls: DrawCall[];
  context?: string;
}

/** A document whose canvases record how they are painted, and the canvases it made. */
function fakeDocument(): { doc: Document; made: Sprite[] } {
  const made: Sprite[] = [];
  const doc = {
    createElement(kind: string) {
      const { ctx, calls } = recordingContext();
      const sprite: Sprite & { getContext(id: string): unknown } = {
        kind,
        width: 0,
        height: 0,
        calls,
        getContext(id) {
          sprite.context = id;
          return ctx;
        },
      };
      made.push(sprite);
      return sprite;
    },
  } as unknown as Document;
  return { doc, made };
}

/** The sprite canvases draw.ts makes on the page's document (once, whichever test is first). */
let sprites: Sprite[] = [];

beforeAll(() => {
  const { doc, made } = fakeDocument();
  globalThis.document = doc;
  sprites = made;
});

/** A world of `balls` balls (seed 5) resized to 640 × 360, after one step: previous ≠ current. */
function movedWorld(balls: number): World {
  const world = new World(balls, new Random(5));
  world.resize(640, 360);
  const input = createInput();
  input.tap('Space');
  world.step(1 / 20, input.sample());
  return world;
}

const lerp = (a: number, b: number, t: number) => a + (b - a) * t;

/** What a frame of `world` at `alpha` and pixel ratio `ratio` should draw, call by call. */
function expected(world: World, alpha: number, ratio: number): DrawCall[] {
  const prev = world.positions.previous;
  const cur = world.positions.current;
  const at = (k: number) => lerp(prev[k]!, cur[k]!, alpha);
  const calls: DrawCall[] = [
    ['setTransform', ratio, 0, 0, ratio, 0, 0],
    ['fillStyle=', '#0e1320'],
    ['fillRect', 0, 0, world.width, world.height],
  ];
  for (let i = 0; i < world.bob; i++) {
    const r = world.radii[i]!;
    calls.push(['drawImage', sprites[i % 4], at(2 * i) - r, at(2 * i + 1) - r, 2 * r, 2 * r]);
  }
  const b = 2 * world.bob;
  const a = b + 2;
  calls.push(
    ['strokeStyle=', '#c8d4f0'],
    ['lineWidth=', 2],
    ['beginPath'],
    ['moveTo', at(a), at(a + 1)],
    ['lineTo', at(b), at(b + 1)],
    ['stroke'],
    ['fillStyle=', '#c8d4f0'],
    ['beginPath'],
    ['arc', at(a), at(a + 1), 4, 0, Math.PI * 2],
    ['fill'],
    ['fillStyle=', '#ff5a6e'],
    ['beginPath'],
    ['arc', at(b), at(b + 1), 16, 0, Math.PI * 2],
    ['fill'],
  );
  return calls;
}

describe('draw', () => {
  it('draws every body blended at alpha 0.25 (not 1 − alpha, not the latest), in CSS pixels at the ratio', () => {
    const world = movedWorld(6);
    const { ctx, calls } = recordingContext();
    const scratch = new Float64Array(world.positions.current.length);
    draw(ctx, world, 0.25, 3, scratch);
    expect(calls).toEqual(expected(world, 0.25, 3));
    // The blend is in scratch, and really between two different steps.
    expect(world.positions.previous).not.toEqual(world.positions.current);
    expect(scratch[0]).toBe(lerp(world.positions.previous[0]!, world.positions.current[0]!, 0.25));
  });

  it('paints one 64-pixel 2D canvas with a disc per colour', () => {
    const { doc, made } = fakeDocument();
    expect(makeSprites(doc)).toEqual(made);
    expect(made.map((s) => [s.kind, s.context, s.width, s.height])).toEqual([
      ['canvas', '2d', 64, 64],
      ['canvas', '2d', 64, 64],
      ['canvas', '2d', 64, 64],
      ['canvas', '2d', 64, 64],
    ]);
    const colours = ['#5ab0ff', '#ffb35a', '#7ee08a', '#e07ec8'];
    for (const [i, sprite] of made.entries()) {
      expect(sprite.calls).toEqual([
        ['fillStyle=', colours[i]],
        ['beginPath'],
        ['arc', 32, 32, 32, 0, Math.PI * 2],
        ['fill'],
      ]);
    }
  });

  it('makes the sprites once, not per frame, and cycles the balls through them', () => {
    const world = movedWorld(5);
    const scratch = new Float64Array(world.positions.current.length);
    draw(recordingContext().ctx, world, 0.75, 1, scratch);
    const { ctx, calls } = recordingContext();
    draw(ctx, world, 0.75, 1, scratch);
    expect(sprites).toHaveLength(4);
    const images = calls
      .filter((c) => c[0] === 'drawImage')
      .map((c) => sprites.indexOf(c[1] as Sprite));
    expect(images).toEqual([0, 1, 2, 3, 0]);
  });
});

describe('Game', () => {
  it('draws at the frame alpha while interpolating, at 1 (the latest step) when KeyI switched it off, and back', () => {
    const world = movedWorld(3);
    const { ctx, calls } = recordingContext();
    const game = new Game(world, ctx);
    game.ratio = 2;
    game.render(0.25);
    expect(calls.splice(0)).toEqual(expected(world, 0.25, 2));

    const input = createInput();
    expect(game.update(1 / 20, input.sample())).toBe(false);
    expect(game.interpolate).toBe(true);
    input.tap('KeyI');
    expect(game.update(1 / 20, input.sample())).toBe(true);
    expect(game.interpolate).toBe(false);
    game.render(0.25);
    expect(calls.splice(0)).toEqual(expected(world, 1, 2));

    input.tap('KeyI');
    expect(game.update(1 / 20, input.sample())).toBe(true);
    game.render(0.25);
    expect(calls.splice(0)).toEqual(expected(world, 0.25, 2));
  });

  it('steps the world by the dt and with the input it is given', () => {
    const a = movedWorld(4);
    const b = movedWorld(4);
    const input = createInput();
    input.tap('Space');
    new Game(a, recordingContext().ctx).update(1 / 40, input.sample());
    input.tap('Space');
    b.step(1 / 40, input.sample());
    expect(a.positions.current).toEqual(b.positions.current);
    expect(a.positions.previous).toEqual(b.positions.previous);
    expect(a.velocities).toEqual(b.velocities);
  });
});
