import { describe, expect, it, vi } from 'vitest';
import { WASM_DATA } from '../test-support/rapier.js';

describe('virtual:rapier-wasm, as a game imports it', () => {
  it('loads Rapier from the file, counting its bytes, and Rapier then steps a world', async () => {
    // Fresh copies of the module and of Rapier's glue: the setup file loaded the shared ones.
    vi.resetModules();
    const { loadRapier, RAPIER_WASM_BYTES } = await import('virtual:rapier-wasm');
    const seen: [number, number][] = [];
    await loadRapier(
      (loaded, total) => seen.push([loaded, total]),
      () => fetch(WASM_DATA),
    );
    expect(seen[0]).toEqual([0, RAPIER_WASM_BYTES]);
    expect(seen.at(-1)).toEqual([RAPIER_WASM_BYTES, RAPIER_WASM_BYTES]);
    const RAPIER = (await import('@dimforge/rapier3d')).default;
    const world = new RAPIER.World({ x: 0, y: -9.81, z: 0 });
    const body = world.createRigidBody(RAPIER.RigidBodyDesc.dynamic().setTranslation(0, 5, 0));
    world.createCollider(RAPIER.ColliderDesc.ball(0.5), body);
    world.step();
    expect(body.translation().y).toBeLessThan(5);
    world.free();
  });
});
