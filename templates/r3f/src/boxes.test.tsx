import type { Loop } from '@loop/core';
import { createInput, type Input } from '@loop/core/dom';
import { FixedLoop } from '@loop/r3f';
import { createRef, type ReactNode } from 'react';
import { type BoxGeometry, Color, Quaternion, Vector3 } from 'three';
import { afterEach, describe, expect, it } from 'vitest';
import { Boxes } from './boxes';
import { BOX_HALF, FALLEN_Y, FLOOR_HALF, Game, JUMP_SPEED, startOf } from './game';
import { create, drawnAt, instancedMesh, type Renderer, vsync } from './scene.test-support';

/**
 * <Boxes> in React Three Fiber's test renderer, under a <FixedLoop> of the page's 60 Hz step, with
 * real Rapier: what a player sees of the pile is the instance matrices and colours it writes.
 */

const STEP_MS = 1000 / 60;

let mounted: Renderer | undefined;
afterEach(async () => {
  await mounted?.unmount();
  mounted = undefined;
});

/** <Boxes game input> mounted under a 60 Hz <FixedLoop>; its mesh, loop, and a re-render. */
async function mount(game: Game, input: Input = createInput({ keyboard: null })) {
  const ref = createRef<Loop | null>();
  const tree = (given: Game): ReactNode => (
    <FixedLoop ref={ref} timestep={STEP_MS} pauseWhenHidden={false}>
      <Boxes game={given} input={input} />
    </FixedLoop>
  );
  const renderer = await create(tree(game));
  mounted = renderer;
  const mesh = () => instancedMesh(renderer);
  return {
    renderer,
    mesh,
    input,
    loop: () => ref.current!,
    update: (given: Game) => renderer.update(tree(given)),
  };
}

/** Box `i`'s pose blended between the game's last two steps at `alpha`. */
function blended(game: Game, i: number, alpha: number) {
  const { positions, orientations } = game.poses;
  const at = (a: Float64Array | Float32Array, k: number) => a[k]!;
  const position = new Vector3(
    ...[0, 1, 2].map((k) => {
      const from = at(positions.previous, 3 * i + k);
      return from + (at(positions.current, 3 * i + k) - from) * alpha;
    }),
  );
  const q = (a: Float64Array | Float32Array) =>
    new Quaternion(at(a, 4 * i), at(a, 4 * i + 1), at(a, 4 * i + 2), at(a, 4 * i + 3));
  const orientation = new Quaternion().slerpQuaternions(
    q(orientations.previous),
    q(orientations.current),
    alpha,
  );
  return { position, orientation };
}

/** Box `i`'s pose at the game's latest step. */
const current = (game: Game, i: number) => blended(game, i, 1);

describe('<Boxes>', () => {
  it('draws every box at its starting place before the first step, a box the size of Rapier’s', async () => {
    const game = new Game(10);
    const { mesh } = await mount(game);
    vsync(STEP_MS / 2); // the first frame runs no step
    expect(game.ticks).toBe(0);
    expect(mesh().count).toBe(10);
    const at = { x: 0, y: 0, z: 0 };
    for (let i = 0; i < game.count; i++) {
      startOf(i, at);
      const drawn = drawnAt(mesh(), i);
      expect(drawn.position.x).toBeCloseTo(at.x, 5);
      expect(drawn.position.y).toBeCloseTo(at.y, 5);
      expect(drawn.position.z).toBeCloseTo(at.z, 5);
      expect(drawn.scale.toArray()).toEqual([1, 1, 1]);
    }
    const box = (mesh().geometry as BoxGeometry).parameters;
    expect([box.width, box.height, box.depth]).toEqual([2 * BOX_HALF, 2 * BOX_HALF, 2 * BOX_HALF]);
    // The instances spread far past the one box three.js would cull them by.
    expect(mesh().frustumCulled).toBe(false);
  });

  it('colours the boxes by turns from a palette of five', async () => {
    const game = new Game(11);
    const { mesh } = await mount(game);
    const colour = (i: number) => mesh().getColorAt(i, new Color()).getHex();
    const first = [0, 1, 2, 3, 4].map(colour);
    expect(new Set(first).size).toBe(5);
    expect(first).not.toContain(0xffffff); // each set, none left at three's default white
    for (let i = 5; i < game.count; i++) expect(colour(i), `box ${i}`).toBe(first[i % 5]);
  });

  it('blends each box between the last two steps at the loop’s alpha, as the pile falls', async () => {
    const game = new Game(10);
    const { mesh, loop } = await mount(game);
    vsync(STEP_MS / 2);
    let checked = 0;
    for (let f = 0; f < 40; f++) {
      vsync(1.37 * STEP_MS); // 1 or 2 steps a frame, alpha all over (0, 1)
      const alpha = loop().alpha;
      if (alpha < 0.1 || alpha > 0.9) continue;
      checked++;
      for (let i = 0; i < game.count; i++) {
        const want = blended(game, i, alpha);
        const drawn = drawnAt(mesh(), i);
        expect(drawn.position.distanceTo(want.position), `box ${i}`).toBeLessThan(1e-4);
        expect(drawn.orientation.angleTo(want.orientation), `box ${i}`).toBeLessThan(1e-3);
        // Falling: not where the last step put it, which alpha 1 would draw.
        expect(drawn.position.distanceTo(current(game, i).position)).toBeGreaterThan(1e-4);
      }
    }
    expect(game.ticks).toBeGreaterThan(40);
    expect(checked).toBeGreaterThan(10);
  });

  it('jumps the pile in the step after a Space press, and not without one', async () => {
    const game = new Game(10);
    const { input } = await mount(game);
    vsync(STEP_MS / 2);
    for (let f = 0; f < 180; f++) vsync(STEP_MS); // the pile comes to rest
    const rising = () => game.bodies.filter((b) => b.linvel().y > JUMP_SPEED * 0.9).length;
    expect(rising()).toBe(0);
    input.tap('Space');
    const ticks = game.ticks;
    vsync(STEP_MS);
    expect(game.ticks).toBe(ticks + 1);
    expect(rising()).toBe(game.count);
  });

  it('draws a box that fell off where it comes back at once, not sliding there', async () => {
    const game = new Game(10);
    const { mesh, loop } = await mount(game);
    // Off the floor, just above where a box counts as fallen: it is back while the pile falls.
    game.bodies[3]!.setTranslation({ x: FLOOR_HALF + 3, y: FALLEN_Y + 1, z: 0 }, true);
    vsync(STEP_MS / 2);
    vsync(1.5 * STEP_MS); // one step; alpha 0.5 from here on
    for (let f = 0; f < 600 && game.jumpedCount === 0; f++) vsync(STEP_MS);
    expect(Array.from(game.jumped.subarray(0, game.jumpedCount))).toEqual([3]);
    expect(loop().alpha).toBeCloseTo(0.5, 6);
    const back = current(game, 3).position;
    expect(back.y).toBeGreaterThan(3);
    expect(drawnAt(mesh(), 3).position.distanceTo(back)).toBeLessThan(1e-4);
    // The others still blend: box 0 falls, drawn halfway between its last two steps.
    const zero = drawnAt(mesh(), 0).position;
    expect(zero.distanceTo(blended(game, 0, 0.5).position)).toBeLessThan(1e-4);
    expect(zero.distanceTo(current(game, 0).position)).toBeGreaterThan(1e-4);
  });

  it('draws a game given in place of the first where its own boxes are', async () => {
    const first = new Game(10);
    const { mesh, update } = await mount(first);
    vsync(STEP_MS / 2);
    const second = new Game(10);
    for (let i = 0; i < 30; i++) second.step(STEP_MS / 1000, false); // falling, apart from the first
    await update(second);
    vsync(STEP_MS / 4); // no step: the second game's poses as they are
    for (let i = 0; i < second.count; i++) {
      const want = current(second, i).position;
      expect(drawnAt(mesh(), i).position.distanceTo(want), `box ${i}`).toBeLessThan(1e-4);
    }
    expect(second.ticks).toBe(30);
  });
});
