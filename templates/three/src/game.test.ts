import { Random } from '@loop/core';
import { createInput } from '@loop/core/dom';
import { Matrix4, Quaternion, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { Bodies } from './bodies';
import { Game } from './game';
import { createView } from './scene';

const COUNT = 7; // ranges of 2, 2, 2 and 1 over the four shapes
/** A long step, so that orientations turn far in one: slerp and normalized lerp then differ. */
const DT = 0.4;

/** A game whose bodies (seed 9) have moved, and a twin of its bodies, in the same state. */
function setup(): { game: Game; twin: Bodies } {
  const game = new Game(new Bodies(COUNT, new Random(9)), createView(COUNT));
  const twin = new Bodies(COUNT, new Random(9));
  for (let i = 0; i < 3; i++) {
    game.bodies.step(DT);
    twin.step(DT);
  }
  return { game, twin };
}

/** Steps `game` once with `key` tapped (or none). */
function update(game: Game, key?: string): void {
  const input = createInput();
  if (key) input.tap(key);
  game.update(DT, input.sample());
}

/** `bodies`' latest state turned half a turn about y, as a teleport does. */
function mirrored(bodies: Bodies): { p: number[]; q: number[] } {
  const p = [...bodies.positions.current];
  const q = [...bodies.orientations.current];
  for (let i = 0; i < COUNT; i++) {
    p[3 * i] = -p[3 * i]!;
    p[3 * i + 2] = -p[3 * i + 2]!;
    const [x, y, z, w] = q.slice(4 * i, 4 * i + 4) as [number, number, number, number];
    q.splice(4 * i, 4, z, w, -x, -y);
  }
  return { p, q };
}

/**
 * Checks every instance matrix the game's meshes hold against three.js's own: the position
 * lerped and the orientation slerped (Quaternion.slerpQuaternions) `alpha` of the way from
 * `from` to `to`.
 */
function expectDrawn(game: Game, from: Bodies | { p: number[]; q: number[] }, alpha: number) {
  const prev =
    'p' in from ? from : { p: [...from.positions.previous], q: [...from.orientations.previous] };
  const cur = { p: [...game.bodies.positions.current], q: [...game.bodies.orientations.current] };
  const a = new Vector3();
  const b = new Vector3();
  const qa = new Quaternion();
  const qb = new Quaternion();
  const expected = new Matrix4();
  const drawn = new Matrix4();
  let body = 0;
  for (const batch of game.view.batches) {
    for (let i = 0; i < batch.mesh.count; i++, body++) {
      a.fromArray(prev.p, 3 * body).lerp(b.fromArray(cur.p, 3 * body), alpha);
      qa.fromArray(prev.q, 4 * body).slerp(qb.fromArray(cur.q, 4 * body), alpha);
      expected.compose(a, qa, new Vector3(1, 1, 1));
      batch.mesh.getMatrixAt(i, drawn);
      for (const [k, e] of drawn.elements.entries()) {
        expect(e).toBeCloseTo(expected.elements[k]!, 5);
      }
    }
  }
  expect(body).toBe(COUNT);
}

describe('Game', () => {
  it('draws every body lerped and slerped at alpha 0.25 between the last two steps', () => {
    const { game } = setup();
    update(game);
    game.render(0.25);
    expectDrawn(game, game.bodies, 0.25);
    // The two steps really differ, by far more than a lerp of quaternions would hide.
    const q = game.bodies.orientations;
    let least = 1;
    for (let i = 0; i < 4 * COUNT; i += 4) {
      let dot = 0;
      for (let k = i; k < i + 4; k++) dot += q.previous[k]! * q.current[k]!;
      least = Math.min(least, Math.abs(dot));
    }
    expect(least).toBeLessThan(0.9);
  });

  it('steps by the dt it is given, as the bodies do', () => {
    const { game, twin } = setup();
    update(game);
    twin.step(DT);
    expect(game.bodies.positions.current).toEqual(twin.positions.current);
    expect(game.bodies.orientations.current).toEqual(twin.orientations.current);
  });

  it('T: the step lands every body half a turn away, places and orientations, with no smear', () => {
    const { game, twin } = setup();
    update(game, 'KeyT');
    twin.step(DT);
    const jumped = mirrored(twin);
    expect([...game.bodies.positions.current]).toEqual(jumped.p);
    expect([...game.bodies.orientations.current]).toEqual(jumped.q);
    // Previous is the new state too, for positions and orientations: the frame draws it as is.
    expect([...game.bodies.positions.previous]).toEqual(jumped.p);
    expect([...game.bodies.orientations.previous]).toEqual(jumped.q);
    game.render(0.25);
    expectDrawn(game, jumped, 0.25);
  });

  it('Y: the same jump without teleport() blends from the last step before it: the smear', () => {
    const { game, twin } = setup();
    const before = {
      p: [...game.bodies.positions.current],
      q: [...game.bodies.orientations.current],
    };
    update(game, 'KeyY');
    twin.step(DT);
    const jumped = mirrored(twin);
    expect([...game.bodies.positions.current]).toEqual(jumped.p);
    expect([...game.bodies.orientations.current]).toEqual(jumped.q);
    expect([...game.bodies.positions.previous]).toEqual(before.p);
    expect([...game.bodies.orientations.previous]).toEqual(before.q);
    game.render(0.25);
    expectDrawn(game, before, 0.25);
  });
});
