import { type DrawCall, recordingContext } from '@loop/core/testing';
import { POSE_STRIDE } from '@loop/rapier/rollback';
import { describe, expect, it } from 'vitest';
import {
  BAND_PX,
  COLOURS,
  COLUMN_PX,
  drawArena,
  fitArena,
  lerp,
  toMetres,
  VIEW_M,
  type View,
} from './draw';
import { bodyOf, HALF } from './game';

it('interpolates by alpha, and draws a jump (a respawn) at its end at once', () => {
  expect(lerp(0, 0.5, 0.5)).toBe(0.25);
  expect(lerp(1, 0.2, 0)).toBe(1);
  expect(lerp(1, 0.5, 1)).toBe(0.5);
  expect(lerp(-3, 2.5, 0.1)).toBe(2.5);
  expect(lerp(0, 1, 0.5)).toBe(0.5); // exactly a metre still interpolates
});

describe('fitArena: the square the arena is drawn in, beside the panels', () => {
  const view: View = { left: 0, top: 0, side: 0, ratio: 0 };

  it('on a phone held upright (390 × 844): a band above and below, centred', () => {
    expect(fitArena(390, 844, 3, view)).toEqual({ left: 13, top: 240, side: 364, ratio: 3 });
    expect(view.top).toBeGreaterThanOrEqual(BAND_PX);
  });

  it('on a laptop (1280 × 800): a column for the panels each side, centred', () => {
    fitArena(1280, 800, 1, view);
    expect(view).toEqual({ left: COLUMN_PX, top: 60, side: 1280 - 2 * COLUMN_PX, ratio: 1 });
    fitArena(1920, 1080, 2, view); // room to spare: as tall as the screen
    expect(view).toEqual({ left: 420, top: 0, side: 1080, ratio: 2 });
  });

  it('lays a square screen out as an upright one (CSS orientation): bands, not columns', () => {
    fitArena(3000, 3000, 1, view); // big enough for the panels either way
    expect(view).toEqual({ left: 240, top: 240, side: 3000 - 2 * BAND_PX, ratio: 1 });
  });

  it('keeps four fifths of the short side on a screen too small for the panels beside it', () => {
    fitArena(640, 400, 1, view);
    expect(view).toEqual({ left: 160, top: 40, side: 320, ratio: 1 });
    fitArena(390, 500, 1, view);
    expect(view.side).toBe(312);
    expect(view.left).toBe(39);
  });
});

describe('toMetres: a finger on the canvas, in the arena', () => {
  const view: View = { left: 100, top: 50, side: 400, ratio: 2 };
  it('reads the square’s middle as the origin and its edges as half the view', () => {
    expect(toMetres(view, 300, 'x')).toBe(0);
    expect(toMetres(view, 250, 'z')).toBe(0);
    expect(toMetres(view, 100, 'x')).toBe(-VIEW_M / 2);
    expect(toMetres(view, 450, 'z')).toBe(VIEW_M / 2);
    // The platform's edge, HALF metres out, where the drawing puts it.
    expect(toMetres(view, 300 + (HALF * 400) / VIEW_M, 'x')).toBeCloseTo(HALF, 12);
  });
});

/** A recording 2D context on a canvas of `width` × `height` device pixels (drawArena clears it). */
function canvas(width: number, height: number) {
  const { ctx, calls } = recordingContext();
  const onCanvas = Object.create(ctx, { canvas: { value: { width, height } } });
  return { ctx: onCanvas as CanvasRenderingContext2D, calls };
}

/** Poses of a game of `players`: each ball's x, y, z, and each player's falls. */
function poses(players: number, balls: [number, number, number][], falls: number[]) {
  const out = new Float64Array((1 + 2 * players) * POSE_STRIDE);
  for (let p = 0; p < players; p++) {
    out.set(balls[p]!, bodyOf.ball(p) * POSE_STRIDE);
    out.set([falls[p]!, -100, p], bodyOf.score(players, p) * POSE_STRIDE);
  }
  return out;
}

/** The calls that draw the platform, in arena metres: its square, the checker, its edge. */
function platform(): DrawCall[] {
  const tiles: DrawCall[] = [];
  for (let x = -HALF; x < HALF; x++) {
    for (let z = -HALF; z < HALF; z++) if ((x + z) % 2 === 0) tiles.push(['fillRect', x, z, 1, 1]);
  }
  expect(tiles).toHaveLength(2 * HALF * HALF); // every other tile of the 8 × 8
  return [
    ['fillStyle=', '#2e2e2e'],
    ['fillRect', -HALF, -HALF, 2 * HALF, 2 * HALF],
    ['fillStyle=', '#4a4a4a'],
    ...tiles,
    ['strokeStyle=', '#8a8a8a'],
    ['lineWidth=', 0.06],
    ['strokeRect', -HALF, -HALF, 2 * HALF, 2 * HALF],
  ];
}

/** The calls that draw player p's ball at (x, z) of `radius` metres. */
const ball = (p: number, x: number, z: number, radius: unknown): DrawCall[] => [
  ['fillStyle=', COLOURS[p]],
  ['beginPath'],
  ['arc', x, z, radius, 0, 2 * Math.PI],
  ['fill'],
];

describe('drawArena: the push-off from above', () => {
  it('clears the canvas, draws the platform and each ball between its last two ticks, then the falls', () => {
    // A 500 px square at (100, 20) on a 2× screen: 100 device pixels a metre, its middle at (700, 540).
    const view: View = { left: 100, top: 20, side: 500, ratio: 2 };
    const { ctx, calls } = canvas(1400, 1080);
    const previous = poses(
      2,
      [
        [-2, 1, -1],
        [2, -1, 0.5],
      ],
      [0, 0],
    );
    const current = poses(
      2,
      [
        [-1.5, 1, -0.5],
        [2.5, -1.5, 0.75],
      ],
      [2, 0],
    );
    drawArena(ctx, view, previous, current, 0.25, 2);
    expect(calls).toEqual([
      ['setTransform', 1, 0, 0, 1, 0, 0],
      ['fillStyle=', '#1b1b1b'],
      ['fillRect', 0, 0, 1400, 1080],
      ['setTransform', 100, 0, 0, 100, 700, 540],
      ...platform(),
      // A quarter of the way: red on the platform, green below its top (y = -1.125), smaller.
      ...ball(0, -1.875, -0.875, 0.5),
      ...ball(1, 2.125, 0.5625, expect.closeTo(0.365, 12)),
      ['setTransform', 1, 0, 0, 1, 0, 0],
      ['font=', 'bold 100px system-ui, sans-serif'],
      ['textAlign=', 'center'],
      ['textBaseline=', 'middle'],
      // Each count half a metre beyond its corner of the platform (4.5 m from the middle).
      ['fillStyle=', COLOURS[0]],
      ['fillText', '2', 250, 90],
      ['fillStyle=', COLOURS[1]],
      ['fillText', '0', 1150, 90],
    ]);
  });

  it('puts four players’ counts by their four corners, and shrinks a ball as it falls to a dot', () => {
    // A 333 px square at (0, 0), 1× : 33.3 px a metre, its middle at (166.5, 166.5).
    const view: View = { left: 0, top: 0, side: 333, ratio: 1 };
    const { ctx, calls } = canvas(333, 333);
    const now = poses(
      4,
      [
        [0, 0, 0],
        [1, -2, 1],
        [2, -3.5, 2],
        [3, -40, 3],
      ],
      [1, 12, 3, 0],
    );
    drawArena(ctx, view, now, now, 0.5, 4);
    const arcs = calls.filter(([name]) => name === 'arc').map((call) => call.slice(1, 4));
    expect(arcs).toEqual([
      [0, 0, 0.5],
      [1, 1, expect.closeTo(0.26, 12)],
      [2, 2, 0.1], // 0.08 by the rule: never under a tenth of a metre
      [3, 3, 0.1],
    ]);
    const fills = calls.filter(([name]) => name === 'fillStyle=').map(([, colour]) => colour);
    expect(fills.slice(-8)).toEqual([...COLOURS, ...COLOURS]); // the balls', then the counts'
    const at = 4.5 * 33.3;
    const texts = calls.filter(([name]) => name === 'fillText');
    expect(texts).toEqual([
      ['fillText', '1', expect.closeTo(166.5 - at, 9), expect.closeTo(166.5 - at, 9)],
      ['fillText', '12', expect.closeTo(166.5 + at, 9), expect.closeTo(166.5 - at, 9)],
      ['fillText', '3', expect.closeTo(166.5 - at, 9), expect.closeTo(166.5 + at, 9)],
      ['fillText', '0', expect.closeTo(166.5 + at, 9), expect.closeTo(166.5 + at, 9)],
    ]);
    expect(calls).toContainEqual(['font=', 'bold 33px system-ui, sans-serif']);
  });

  it('draws a count that changed, and the font of a new size, down to none', () => {
    const view: View = { left: 0, top: 0, side: 400, ratio: 1 };
    for (const [falls, side, font] of [
      [5, 400, 'bold 40px system-ui, sans-serif'],
      [6, 400, 'bold 40px system-ui, sans-serif'],
      [6, 200, 'bold 20px system-ui, sans-serif'],
      [5, 400, 'bold 40px system-ui, sans-serif'],
      [5, 0, 'bold 0px system-ui, sans-serif'], // a canvas not laid out yet
    ] as const) {
      view.side = side;
      const { ctx, calls } = canvas(400, 400);
      const now = poses(
        2,
        [
          [0, 1, 0],
          [1, 1, 0],
        ],
        [falls, 0],
      );
      drawArena(ctx, view, now, now, 1, 2);
      expect(calls.filter(([name]) => name === 'fillText').map((call) => call[1])).toEqual([
        String(falls),
        '0',
      ]);
      expect(calls).toContainEqual(['font=', font]);
    }
  });
});
