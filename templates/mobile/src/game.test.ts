import { Random } from '@loop/core';
import { createInput, type Input } from '@loop/core/dom';
import { type DrawCall, recordingContext } from '@loop/core/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { draw } from './draw';
import { type CapButton, capLabel, DEFAULT_FPS, Game, MAX_DPR, pressCapButton } from './game';
import { Swarm } from './swarm';

/** `a` to `b` by `t`, matched to 9 places (the order of the blend's operations may differ). */
const lerp = (a: number, b: number, t: number) => expect.closeTo(a + (b - a) * t, 9);

/** What a frame of `swarm` at `alpha` and pixel ratio `ratio` should draw, call by call. */
function expected(swarm: Swarm, alpha: number, ratio: number): DrawCall[] {
  const { previous, current } = swarm.positions;
  const square = (i: number): DrawCall => [
    'fillRect',
    lerp(previous[2 * i]! - 2, current[2 * i]! - 2, alpha),
    lerp(previous[2 * i + 1]! - 2, current[2 * i + 1]! - 2, alpha),
    4,
    4,
  ];
  const calls: DrawCall[] = [
    ['setTransform', ratio, 0, 0, ratio, 0, 0],
    ['fillStyle=', '#101418'],
    ['fillRect', 0, 0, swarm.width, swarm.height],
    ['fillStyle=', '#5fd3b5'],
  ];
  for (let i = 0; i < swarm.count; i += 2) calls.push(square(i));
  calls.push(['fillStyle=', '#f2c66d']);
  for (let i = 1; i < swarm.count; i += 2) calls.push(square(i));
  calls.push(
    ['strokeStyle=', 'rgba(238, 243, 248, 0.5)'],
    ['lineWidth=', 2],
    ['beginPath'],
    ['arc', swarm.targetX, swarm.targetY, 18, 0, Math.PI * 2],
    ['stroke'],
  );
  return calls;
}

/** A swarm of `count` (seed 4) resized to 300 × 500, after one step: previous ≠ current. */
function movedSwarm(count: number): Swarm {
  const swarm = new Swarm(count, new Random(4));
  swarm.resize(300, 500);
  swarm.step(1 / 60, createInput().sample());
  return swarm;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('draw', () => {
  it('draws both colours of particle blended at alpha 0.25 (not 1 − alpha, not the latest), at the ratio', () => {
    const swarm = movedSwarm(5);
    const { ctx, calls } = recordingContext();
    const scratch = new Float64Array(10);
    draw(ctx, swarm, 0.25, 1.5, scratch);
    expect(calls).toEqual(expected(swarm, 0.25, 1.5));
    expect(swarm.positions.previous).not.toEqual(swarm.positions.current);
  });
});

describe('Game', () => {
  it(`sizes the canvas in device pixels capped at ${MAX_DPR} per CSS pixel, and draws at that ratio`, () => {
    const canvas = { clientWidth: 300, clientHeight: 500, width: 0, height: 0 };
    const { ctx, calls } = recordingContext();
    const game = new Game(new Swarm(4, new Random(1)), ctx, createInput(), 'manual');
    vi.stubGlobal('devicePixelRatio', 3);
    const stop = game.watch(canvas as HTMLCanvasElement);
    expect([canvas.width, canvas.height, game.ratio]).toEqual([600, 1000, 2]);
    expect([game.swarm.width, game.swarm.height]).toEqual([300, 500]);
    game.loop.start();
    game.loop.frame(0);
    expect(calls[0]).toEqual(['setTransform', 2, 0, 0, 2, 0, 0]);
    stop();
    // Under the cap, the screen's own ratio.
    vi.stubGlobal('devicePixelRatio', 1.5);
    game.watch(canvas as HTMLCanvasElement)();
    expect([canvas.width, canvas.height, game.ratio]).toEqual([450, 750, 1.5]);
  });

  it('draws each frame at the alpha the loop reached, with the input of each step', () => {
    const { ctx, calls } = recordingContext();
    // Every sample a finger held at (40, 70): Node has no pointer to press.
    const held = createInput().sample();
    Object.assign(held.pointer, { x: 40, y: 70, down: true });
    let sampled = 0;
    const sample = () => {
      sampled++;
      return held;
    };
    const input = { sample } as unknown as Input;
    const game = new Game(movedSwarm(6), ctx, input, 'manual');
    game.loop.start();
    game.loop.frame(0);
    calls.length = 0;
    // 2.25 steps of 60 Hz after the last frame: two steps, a quarter of one left over.
    game.loop.frame((2.25 * 1000) / 60);
    expect(game.loop.tick).toBe(2);
    expect(game.loop.alpha).toBeCloseTo(0.25, 9);
    expect(calls).toEqual(expected(game.swarm, game.loop.alpha, 1));
    expect([game.swarm.targetX, game.swarm.targetY]).toEqual([40, 70]);
    expect(sampled).toBe(2); // once per step
  });

  it(`caps frames at ${DEFAULT_FPS} fps until setCap changes it, steps at 60 Hz either way`, () => {
    const { ctx, calls } = recordingContext();
    const game = new Game(movedSwarm(2), ctx, createInput(), 'manual');
    const frames = () => calls.filter((c) => c[0] === 'setTransform').length;
    game.loop.start();
    for (let f = 0; f < 240; f++) game.loop.frame((f * 1000) / 240); // a 240 Hz screen, 1 s
    expect(frames()).toBeGreaterThanOrEqual(29);
    expect(frames()).toBeLessThanOrEqual(31);
    calls.length = 0;
    expect(game.setCap(60)).toBe('cap 60 fps · dpr ≤ 2');
    expect(game.loop.maxFps).toBe(60);
    const tick = game.loop.tick;
    for (let f = 240; f < 480; f++) game.loop.frame((f * 1000) / 240);
    expect(frames()).toBeGreaterThanOrEqual(59);
    expect(frames()).toBeLessThanOrEqual(61);
    expect(game.loop.tick - tick).toBeGreaterThanOrEqual(59);
    expect(game.loop.tick - tick).toBeLessThanOrEqual(61);
    expect(capLabel(DEFAULT_FPS)).toBe('cap 30 fps · dpr ≤ 2');
  });
});

describe('pressCapButton', () => {
  it('presses the button of the cap in force and releases the others', () => {
    const button = (fps: string | undefined) => {
      const b = {
        dataset: { fps },
        pressed: '',
        setAttribute(name: string, value: string) {
          b.pressed = `${name}=${value}`;
        },
      };
      return b satisfies CapButton;
    };
    const buttons = [button('30'), button('60'), button(undefined)];
    pressCapButton(buttons, 60);
    const pressed = (...values: string[]) => values.map((v) => `aria-pressed=${v}`);
    expect(buttons.map((b) => b.pressed)).toEqual(pressed('false', 'true', 'false'));
    pressCapButton(buttons, 30);
    expect(buttons.map((b) => b.pressed)).toEqual(pressed('true', 'false', 'false'));
  });
});
