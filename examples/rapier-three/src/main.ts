import RAPIER from '@dimforge/rapier3d-compat';
import { createLoop } from '@loop/core';
import { WebGLRenderer } from 'three';
import { addPhysics } from './physics.js';
import { createScene } from './scene.js';

// The page: the scene it had, Rapier loaded, and one loop that steps the world at a fixed
// 60 Hz and draws between the steps on a display of any rate.
await RAPIER.init();
const { scene, camera, mesh } = createScene(50, innerWidth / innerHeight);
const physics = addPhysics(RAPIER, mesh);
const renderer = new WebGLRenderer({ antialias: true });
renderer.setSize(innerWidth, innerHeight);
document.body.append(renderer.domElement);

createLoop({
  timestep: 1000 / 60,
  update: () => physics.step(),
  render: (alpha) => {
    physics.draw(alpha);
    renderer.render(scene, camera);
  },
}).start();
