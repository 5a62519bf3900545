/**
 * The scene's tests in Node (app.test.tsx, boxes.test.tsx): React Three Fiber's test renderer
 * (@react-three/test-renderer: no DOM, no WebGL) under `frameloop="never"`, as the page runs it,
 * so `<FixedLoop>`'s loop asks for its frames by `requestAnimationFrame`: here a display whose
 * vsyncs the test fires by hand ({@link vsync}), each at a timestamp it chooses.
 */
import ReactThreeTestRenderer from '@react-three/test-renderer';
import { type InstancedMesh, Matrix4, Quaternion, Vector3 } from 'three';
import { expect } from 'vitest';

// React's act() checks this flag; the test renderer wraps its own work in act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The frames asked for since the last vsync, by handle. */
const asked = new Map<number, FrameRequestCallback>();
let handles = 0;
let clock = 0;
globalThis.requestAnimationFrame = (callback) => {
  asked.set(++handles, callback);
  return handles;
};
globalThis.cancelAnimationFrame = (handle) => void asked.delete(handle);

/**
 * The display's next vsync, `ms` after the previous one: every frame asked for runs, given the
 * time as requestAnimationFrame gives it. The first vsync after a loop starts advances nothing.
 */
export function vsync(ms: number): void {
  clock += ms;
  const due = [...asked.values()];
  asked.clear();
  for (const callback of due) callback(clock);
}

export const { create, act } = ReactThreeTestRenderer;
export type Renderer = Awaited<ReturnType<typeof create>>;

/** The instanced mesh of the scene `renderer` holds. */
export function instancedMesh(renderer: Renderer): InstancedMesh {
  const found = renderer.scene.findAll((node) => (node.instance as InstancedMesh).isInstancedMesh);
  expect(found).toHaveLength(1);
  return found[0]!.instance as InstancedMesh;
}

/** Where instance `i` of `mesh` is drawn: its matrix taken apart. */
export function drawnAt(mesh: InstancedMesh, i: number) {
  const matrix = new Matrix4().fromArray(mesh.instanceMatrix.array, 16 * i);
  const position = new Vector3();
  const orientation = new Quaternion();
  const scale = new Vector3();
  matrix.decompose(position, orientation, scale);
  return { position, orientation, scale };
}
