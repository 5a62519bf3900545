import type { Input } from '@loop/core/dom';
import { useFixedUpdate, useInterpolatedInstances } from '@loop/r3f';
import { useLayoutEffect, useRef } from 'react';
import { Color, type InstancedMesh } from 'three';
import { BOX_HALF, type Game, wantsJump } from './game';

/** The colours the boxes take in turn, by index. */
const PALETTE = ['#e4572e', '#f3a712', '#29335c', '#669bbc', '#a8c686'];

/**
 * Every box of `game`, drawn by one `InstancedMesh`. Each fixed step samples the input, steps
 * the game, and hands the poses Rapier wrote (`Poses` of @loop/rapier) to
 * `useInterpolatedInstances` of @loop/r3f, which blends the last two steps at alpha into the
 * instance matrices every frame; a respawned box is teleported, so it is never drawn sliding.
 */
export function Boxes({ game, input }: { game: Game; input: Input }) {
  const mesh = useRef<InstancedMesh>(null);
  const bodies = useInterpolatedInstances(mesh, game.count);

  useLayoutEffect(() => {
    bodies.positions.set(game.poses.positions.current);
    bodies.orientations.set(game.poses.orientations.current);
    bodies.teleport();
    // Set by now: React attaches refs before it runs layout effects, and the mesh always renders.
    const instances = mesh.current!;
    const color = new Color();
    game.bodies.forEach((_, i) => {
      instances.setColorAt(i, color.set(PALETTE[i % PALETTE.length]!));
    });
  }, [bodies, game]);

  useFixedUpdate((dt) => {
    game.step(dt, wantsJump(input.sample()));
    bodies.positions.set(game.poses.positions.current);
    bodies.orientations.set(game.poses.orientations.current);
    for (let k = 0; k < game.jumpedCount; k++) bodies.teleport(game.jumped[k]);
  });

  const side = 2 * BOX_HALF;
  return (
    <instancedMesh ref={mesh} args={[undefined, undefined, game.count]} frustumCulled={false}>
      <boxGeometry args={[side, side, side]} />
      <meshStandardMaterial />
    </instancedMesh>
  );
}
