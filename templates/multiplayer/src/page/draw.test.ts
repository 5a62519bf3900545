import { type DrawCall, recordingContext } from '@loop/core/testing';
import { letterbox, type View } from '@loop/net/dom';
import { describe, expect, it } from 'vitest';
import { DRAWN_STRIDE } from '../client/arena-client';
import { ENTITIES, HEIGHT, MAX_PLAYERS, WIDTH } from '../shared/arena';
import { radiusOf, STRIDE, World } from '../shared/world';
import { drawArena } from './draw';

/**
 * A 2D context that records its calls (the repo's recordingContext, as templates/canvas2d's
 * draw test uses: Node has no canvas) on a canvas whose `dataset` the test reads.
 */
function recordingCanvas(): {
  ctx: CanvasRenderingContext2D;
  calls: DrawCall[];
  dataset: Record<string, string>;
} {
  const { ctx: recorder, calls } = recordingContext<Record<string | symbol, unknown>>();
  const dataset: Record<string, string> = {};
  const canvas = { dataset };
  const ctx = new Proxy(recorder, {
    get: (_, name) => (name === 'canvas' ? canvas : recorder[name]),
    set: (_, name, value) => {
      recorder[name] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
  return { ctx, calls, dataset };
}

/** A drawn frame with the listed entities present at (10 + e, 20 + 2e); the rest absent. */
function frameOf(present: number[]): Float64Array {
  const drawn = new Float64Array(ENTITIES * DRAWN_STRIDE);
  for (const e of present) {
    drawn[e * DRAWN_STRIDE] = 10 + e;
    drawn[e * DRAWN_STRIDE + 1] = 20 + 2 * e;
    drawn[e * DRAWN_STRIDE + 2] = 1;
  }
  return drawn;
}

const TAU = Math.PI * 2;
const COLORS = ['#5ab0ff', '#ffb35a', '#7ee08a', '#e07ec8', '#f0e060', '#60e0e0', '#b890ff'];

/** The calls before the entities: the page cleared, the arena letterboxed and framed. */
function background(view: View): DrawCall[] {
  const box = new Float64Array(3);
  letterbox(view, WIDTH, HEIGHT, box);
  const [scale, left, top] = box as unknown as [number, number, number];
  const r = view.ratio;
  return [
    ['setTransform', r, 0, 0, r, 0, 0],
    ['fillStyle=', '#0b0f18'],
    ['fillRect', 0, 0, view.width, view.height],
    ['setTransform', r * scale, 0, 0, r * scale, r * left, r * top],
    ['fillStyle=', '#141b2b'],
    ['fillRect', 0, 0, WIDTH, HEIGHT],
    ['strokeStyle=', '#2c3a58'],
    ['lineWidth=', 4],
    ['strokeRect', 0, 0, WIDTH, HEIGHT],
  ];
}

/** A disc of entity `e` in `color` at its place in {@link frameOf}. */
function disc(e: number, color: string): DrawCall[] {
  return [
    ['fillStyle=', color],
    ['beginPath'],
    ['arc', 10 + e, 20 + 2 * e, radiusOf(e), 0, TAU],
    ['fill'],
  ];
}

/** The local seat's white ring. */
function ring(slot: number): DrawCall[] {
  return [
    ['strokeStyle=', '#ffffff'],
    ['lineWidth=', 3],
    ['beginPath'],
    ['arc', 10 + slot, 20 + 2 * slot, radiusOf(slot) + 4, 0, TAU],
    ['stroke'],
  ];
}

describe('drawArena', () => {
  it('draws every present entity in its seat colour (crates in one), the local ring, no ghost', () => {
    // A window wider than the arena's 16:9 at pixel ratio 2: bars left and right.
    const view = { width: 1000, height: 400, ratio: 2 };
    const { ctx, calls } = recordingCanvas();
    // Seats 0, 3, 7 (the last), crates MAX_PLAYERS and the last entity; seat 1 absent.
    const present = [0, 3, MAX_PLAYERS - 1, MAX_PLAYERS, ENTITIES - 1];
    drawArena(ctx, view, frameOf(present), 3);
    expect(calls).toEqual([
      ...background(view),
      ...disc(0, COLORS[0]!),
      ...disc(3, COLORS[3]!),
      ...disc(MAX_PLAYERS - 1, '#ff7070'),
      ...disc(MAX_PLAYERS, '#8a7a5c'),
      ...disc(ENTITIES - 1, '#8a7a5c'),
      ...ring(3),
    ]);
    // The letterbox really has bars here: the arena's transform is not the page's.
    expect(calls[3]).not.toEqual(calls[0]);
  });

  it('skips an entity drawn at presence below one half, draws one at one half', () => {
    const view = { width: 640, height: 360, ratio: 1 };
    const drawn = frameOf([1, 2]);
    drawn[1 * DRAWN_STRIDE + 2] = 0.49;
    drawn[2 * DRAWN_STRIDE + 2] = 0.5;
    const { ctx, calls } = recordingCanvas();
    drawArena(ctx, view, drawn, 2);
    expect(calls).toEqual([...background(view), ...disc(2, COLORS[2]!), ...ring(2)]);
  });

  it('draws no ring and no ghost for a spectator (a slot past the seats)', () => {
    const view = { width: 640, height: 360, ratio: 1 };
    const ghost = new World();
    ghost.join(0);
    for (const slot of [MAX_PLAYERS, 255]) {
      const { ctx, calls } = recordingCanvas();
      drawArena(ctx, view, frameOf([0]), slot, ghost);
      expect(calls).toEqual([...background(view), ...disc(0, COLORS[0]!)]);
    }
  });

  it("outlines the ghost's local player dashed, then puts the solid line back", () => {
    const view = { width: 640, height: 360, ratio: 1 };
    const ghost = new World();
    ghost.join(5);
    ghost.state[5 * STRIDE] = 111.5;
    ghost.state[5 * STRIDE + 1] = 222.25;
    const { ctx, calls } = recordingCanvas();
    drawArena(ctx, view, frameOf([5]), 5, ghost);
    expect(calls).toEqual([
      ...background(view),
      ...disc(5, COLORS[5]!),
      ...ring(5),
      ['setLineDash', [6, 6]],
      ['strokeStyle=', 'rgba(255,255,255,.45)'],
      ['lineWidth=', 2],
      ['beginPath'],
      ['arc', 111.5, 222.25, radiusOf(5), 0, TAU],
      ['stroke'],
      ['setLineDash', []],
    ]);
  });

  it('draws no ghost where the newest snapshot has the local seat empty', () => {
    const view = { width: 640, height: 360, ratio: 1 };
    const ghost = new World();
    ghost.join(4);
    const { ctx, calls } = recordingCanvas();
    drawArena(ctx, view, frameOf([6]), 6, ghost);
    expect(calls).toEqual([...background(view), ...disc(6, COLORS[6]!), ...ring(6)]);
  });

  it("writes the arena's place to data-playfield when it moves, not every frame", () => {
    const drawn = frameOf([0]);
    // A view no other test here draws, so the first draw moves the letterbox.
    const tall = { width: 320, height: 900, ratio: 3 };
    const first = recordingCanvas();
    drawArena(first.ctx, tall, drawn, 0);
    const box = new Float64Array(3);
    letterbox(tall, WIDTH, HEIGHT, box);
    expect(first.dataset.playfield).toBe(
      `${box[1]} ${box[2]} ${WIDTH * box[0]!} ${HEIGHT * box[0]!}`,
    );
    expect(first.dataset.playfield).toBe(`0 ${(900 - 180) / 2} 320 180`);
    // The same letterbox again (another ratio does not move it): nothing written.
    const again = recordingCanvas();
    drawArena(again.ctx, { ...tall, ratio: 1 }, drawn, 0);
    expect(again.dataset.playfield).toBeUndefined();
    // Each of top, scale and left moving alone is a move ([scale, left, top] in the comments).
    const moves: [View, string][] = [
      // [1/4, 0, 310]: top alone.
      [{ width: 320, height: 800, ratio: 1 }, `0 310 320 180`],
      // [1/4, 0, 0]: the arena's own 16:9, top alone again.
      [{ width: 320, height: 180, ratio: 1 }, `0 0 320 180`],
      // [1/2, 0, 0]: scale alone.
      [{ width: 640, height: 360, ratio: 1 }, `0 0 640 360`],
      // [1/2, 80, 0]: left alone.
      [{ width: 800, height: 360, ratio: 1 }, `80 0 640 360`],
    ];
    for (const [view, playfield] of moves) {
      const next = recordingCanvas();
      drawArena(next.ctx, view, drawn, 0);
      expect(next.dataset.playfield).toBe(playfield);
    }
  });
});
