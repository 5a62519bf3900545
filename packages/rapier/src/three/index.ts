/**
 * `@loop/rapier/three`: Rapier's bodies drawn with three.js. An entry of its own, so a game
 * that draws another way (or a worker, which draws nothing) never imports three.
 *
 * @module @loop/rapier/three
 */
export { InstancedBodies } from './instanced-bodies.js';
