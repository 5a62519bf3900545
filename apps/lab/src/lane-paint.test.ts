import { describe, expect, it } from 'vitest';
import { bodySize, PX_PER_M, sideColumn } from './lane-layout.js';
import { GHOST_ALPHA, type PaintContext, paintLanes, TICK_M, trackX } from './lane-paint.js';
import { LANE_IDS, LANES, type LaneId } from './lane-specs.js';
import { Lane } from './lanes.js';
import { TEST_PARAMS } from './test-support/loop.js';
import { DROP_HEIGHT, STATE_SIZE } from './world.js';

/** One call on the context, with the style it was made under. */
interface Call {
  readonly name: string;
  readonly args: readonly number[];
  readonly alpha: number;
  readonly fill: string;
  readonly stroke: string;
  readonly lineWidth: number;
}

/** A 2D context that records its calls and the style in force at each. */
function recorder(): PaintContext & { calls: Call[] } {
  const calls: Call[] = [];
  const ctx = {
    calls,
    globalAlpha: 1,
    fillStyle: '' as string,
    strokeStyle: '' as string,
    lineWidth: 1,
  };
  const record =
    (name: string) =>
    (...args: number[]) => {
      calls.push({
        name,
        args,
        alpha: ctx.globalAlpha,
        fill: String(ctx.fillStyle),
        stroke: String(ctx.strokeStyle),
        lineWidth: ctx.lineWidth,
      });
    };
  const names = ['setTransform', 'clearRect', 'fillRect', 'strokeRect', 'beginPath', 'arc'];
  for (const name of [...names, 'fill', 'moveTo', 'lineTo', 'stroke']) {
    (ctx as Record<string, unknown>)[name] = record(name);
  }
  return ctx as unknown as PaintContext & { calls: Call[] };
}

/** A colour per lane that names it, so a call says whose it is. */
const COLORS = Object.fromEntries(LANE_IDS.map((id) => [id, `c-${id}`])) as Record<LaneId, string>;
const HEIGHT = 100;
const SIZE = { width: 800, height: 300, ratio: 3 };
const COLUMN = sideColumn(HEIGHT);
const TRACK = SIZE.width - 2 * COLUMN;

/** A painted lane with the given body x, ball height and angle drawn and true. */
function painted(id: LaneId, shown: number[], truth: number[]) {
  const state = (v: number[]) => Float64Array.from({ length: STATE_SIZE }, (_, i) => v[i] ?? 0);
  return { spec: { id }, shown: state(shown), truth: state(truth) };
}

describe('paintLanes', () => {
  it('draws the interpolated body at alpha 0.25 and its ghost where the truth is', () => {
    // One 20 ms step from frames at 0 and 25 ms: alpha 0.25, the truth at 25 ms.
    const lane = new Lane(LANES.find((l) => l.id === 'interp')!, TEST_PARAMS);
    lane.frame(0, 0);
    lane.frame(25, 25);
    const ctx = recorder();
    paintLanes(ctx, SIZE, HEIGHT, [lane], COLORS);
    const side = bodySize(HEIGHT);
    const body = ctx.calls.find((c) => c.name === 'fillRect' && c.args[2] === side)!;
    // A quarter of the 0.04 m step (1 - alpha would put it at 0.03 m, the latest step at 0.04).
    expect(body.args[0]).toBeCloseTo(8 + 0.01 * PX_PER_M, 9);
    expect(body).toMatchObject({ alpha: 1, fill: 'c-interp' });
    const ghost = ctx.calls.find((c) => c.name === 'strokeRect')!;
    expect(ghost.args[0]).toBeCloseTo(8 + 0.05 * PX_PER_M + 0.75, 9);
    expect(ghost.args.slice(1)).toEqual([HEIGHT - 8 - side + 0.75, side - 1.5, side - 1.5]);
    expect(ghost).toMatchObject({ alpha: 0.8, stroke: '#e8f0ff', lineWidth: 1.5 });
  });

  it('scales to the pixel ratio, clears, stacks the lanes and lights the recommended one', () => {
    const ctx = recorder();
    paintLanes(ctx, SIZE, HEIGHT, [painted('fixed', [], []), painted('interp', [], [])], COLORS);
    expect(ctx.calls[0]).toMatchObject({ name: 'setTransform', args: [3, 0, 0, 3, 0, 0] });
    expect(ctx.calls[1]).toMatchObject({ name: 'clearRect', args: [0, 0, 800, 300] });
    const strips = ctx.calls.filter((c) => c.name === 'fillRect' && c.args[3] === HEIGHT);
    expect(strips.map((c) => [c.fill, ...c.args])).toEqual([
      ['#121a2c', 0, 0, 800, HEIGHT],
      ['#17352f', 0, HEIGHT, 800, HEIGHT],
      ['c-interp', 0, HEIGHT, 4, HEIGHT],
    ]);
    expect(strips.every((c) => c.alpha === 1)).toBe(true);
    expect(ctx.globalAlpha).toBe(1);
    // A third lane, unlit, takes the other stripe.
    const three = recorder();
    const lanes = (['fixed', 'naive', 'extrap'] as const).map((id) => painted(id, [], []));
    paintLanes(three, SIZE, HEIGHT, lanes, COLORS);
    const fills = three.calls.filter((c) => c.name === 'fillRect' && c.args[3] === HEIGHT);
    expect(fills.map((c) => c.fill)).toEqual(['#121a2c', '#0e1524', '#121a2c']);
  });

  it('draws the track ticks every TICK_M metres under the body', () => {
    const ctx = recorder();
    paintLanes(ctx, SIZE, HEIGHT, [painted('fixed', [], [])], COLORS);
    const base = HEIGHT - 4;
    const track = ctx.calls.filter((c) => c.fill === '#33436a');
    expect(track[0]!.args).toEqual([8, base, TRACK - 16, 1]);
    const ticks = track.slice(1);
    const step = TICK_M * PX_PER_M;
    expect(ticks.map((c) => c.args[0])).toEqual(
      Array.from({ length: Math.floor((TRACK - 16) / step) + 1 }, (_, i) => 8 + i * step),
    );
    for (const t of ticks) expect(t.args.slice(1)).toEqual([base - 4, 1, 4]);
    // A canvas too narrow for the columns keeps a 40 px track.
    const narrow = recorder();
    paintLanes(narrow, { ...SIZE, width: 100 }, HEIGHT, [painted('fixed', [], [])], COLORS);
    expect(narrow.calls.find((c) => c.fill === '#33436a')!.args[2]).toBe(40 - 16);
    // The last tick sits at most 8 px from the track's end: on it (a 616 px track), not past it.
    const last = (width: number) => {
      const at = recorder();
      paintLanes(at, { ...SIZE, width }, HEIGHT, [painted('fixed', [], [])], COLORS);
      return at.calls.filter((c) => c.fill === '#33436a').at(-1)!.args[0];
    };
    expect(last(616 + 2 * COLUMN)).toBe(608);
    expect(last(610 + 2 * COLUMN)).toBe(508);
  });

  it('wraps the body within its window of the track', () => {
    const side = bodySize(HEIGHT);
    const window = (TRACK - 16 - side) / PX_PER_M;
    expect(trackX(0.5, window)).toBeCloseTo(8 + 0.5 * PX_PER_M, 9);
    expect(trackX(window + 0.5, window)).toBeCloseTo(8 + 0.5 * PX_PER_M, 9);
    expect(trackX(-0.5, window)).toBeCloseTo(8 + (window - 0.5) * PX_PER_M, 9);
    const ctx = recorder();
    paintLanes(ctx, SIZE, HEIGHT, [painted('fixed', [window + 0.5], [2 * window + 0.25])], COLORS);
    const body = ctx.calls.find((c) => c.name === 'fillRect' && c.args[2] === side)!;
    expect(body.args).toEqual([trackX(0.5, window), HEIGHT - 8 - side, side, side]);
    const ghost = ctx.calls.find((c) => c.name === 'strokeRect')!;
    expect(ghost.args[0]).toBeCloseTo(8 + 0.25 * PX_PER_M + 0.75, 9);
  });

  it('draws the ball and the spinner, each with its faint ghost first', () => {
    const ctx = recorder();
    // Drawn: the ball at the top, the spinner level; truth: the ball on the floor, spinner upright.
    const lane = painted('naive', [0, DROP_HEIGHT, 0, 0], [0, 0, 0, Math.PI / 2]);
    paintLanes(ctx, SIZE, HEIGHT, [lane], COLORS);
    const r = Math.max(4, Math.round(HEIGHT * 0.07));
    const x = TRACK + COLUMN / 2;
    const arcs = ctx.calls.filter((c) => c.name === 'arc');
    expect(arcs.map((c) => [c.alpha, c.fill, ...c.args])).toEqual([
      [GHOST_ALPHA, 'c-naive', x, HEIGHT - 4 - r, r, 0, 2 * Math.PI],
      [1, 'c-naive', x, HEIGHT - 4 - r - (HEIGHT - 12 - 2 * r), r, 0, 2 * Math.PI],
    ]);
    const fills = ctx.calls.filter((c) => c.name === 'fill');
    expect(fills.map((c) => c.alpha)).toEqual([GHOST_ALPHA, 1]);
    const sx = TRACK + COLUMN * 1.5;
    const sy = HEIGHT / 2;
    const sr = Math.min(COLUMN, HEIGHT) / 2 - 5;
    const ends = ctx.calls.filter((c) => c.name === 'moveTo' || c.name === 'lineTo');
    const rounded = ends.map((c) => [c.name, c.alpha, ...c.args.map((v) => Math.round(v * 1e6))]);
    const at = (v: number) => Math.round(v * 1e6);
    expect(rounded).toEqual([
      ['moveTo', GHOST_ALPHA, at(sx), at(sy - sr)],
      ['lineTo', GHOST_ALPHA, at(sx), at(sy + sr)],
      ['moveTo', 1, at(sx - sr), at(sy)],
      ['lineTo', 1, at(sx + sr), at(sy)],
    ]);
    for (const c of ends) expect(c).toMatchObject({ stroke: 'c-naive', lineWidth: 3 });
    const paths = ctx.calls.filter((c) => c.name === 'beginPath' || c.name === 'stroke');
    expect(paths.map((c) => c.name)).toEqual([
      'beginPath',
      'beginPath',
      'beginPath',
      'stroke',
      'beginPath',
      'stroke',
    ]);
  });
});
