import { composeMatrices } from '@loop/core';
import { fitDistance } from '@loop/core/dom';
import {
  AmbientLight,
  BoxGeometry,
  type BufferGeometry,
  Color,
  ConeGeometry,
  DirectionalLight,
  DynamicDrawUsage,
  Fog,
  GridHelper,
  HemisphereLight,
  IcosahedronGeometry,
  InstancedMesh,
  Mesh,
  MeshStandardMaterial,
  PerspectiveCamera,
  Scene,
  TorusGeometry,
} from 'three';
import { splitRanges } from './ranges';

/** One shape: a single instanced mesh drawing one contiguous range of bodies. */
export interface Batch {
  readonly mesh: InstancedMesh;
  /** The range's slice of {@link View.positions} (a view on it, not a copy). */
  readonly positions: Float64Array;
  /** The range's slice of {@link View.orientations} (a view on it, not a copy). */
  readonly orientations: Float64Array;
  /** The mesh's instance matrices, 16 numbers per body, which the GPU reads. */
  readonly matrices: Float32Array;
}

/**
 * Everything three.js draws: the scene, its camera, one instanced mesh per shape, and the
 * arrays render blends into. Bodies are drawn by instancing, not one `Mesh` each: writing a
 * mesh's quaternion makes three.js recompute its Euler angles, and the renderer composes and
 * walks every object's matrix each frame; an instanced mesh is one object and one draw call
 * however many bodies it draws, its matrices written straight from the blended arrays.
 */
export interface View {
  readonly scene: Scene;
  readonly camera: PerspectiveCamera;
  /** Blended positions, x, y, z per body: the target of `positions.blend` each frame. */
  readonly positions: Float64Array;
  /** Blended orientations, x, y, z, w per body: the target of `orientations.blend`. */
  readonly orientations: Float64Array;
  readonly batches: readonly Batch[];
}

/**
 * The radius of a sphere about the centre that holds every body at all times: orbits start 3 to
 * 7 from the centre, at most 1 off the plane, and never reach beyond their start (bodies.ts);
 * the shapes are under half a unit across. {@link frameScene} fits it to the canvas.
 */
export const SCENE_RADIUS = 8;

/**
 * Points the camera at the centre from {@link fitDistance} away, so the whole swarm shows at
 * the canvas's `aspect` (width / height): framed by the height in a landscape window, by the
 * width on a phone held upright, where a fixed distance cropped both sides. The fog moves with
 * it, so the far side of the swarm fades the same at any distance. Call it when the canvas
 * changes size, not every frame.
 */
export function frameScene(view: View, aspect: number): void {
  const camera = view.camera;
  camera.aspect = aspect;
  const distance = fitDistance(SCENE_RADIUS, camera.fov, aspect);
  // From above the plane of the orbits and in front: 7 up for 15 back, at that distance.
  camera.position.set(0, 7, 15).setLength(distance);
  camera.lookAt(0, 0, 0);
  camera.updateProjectionMatrix();
  const fog = view.scene.fog as Fog;
  fog.near = distance - 0.5 * SCENE_RADIUS;
  fog.far = distance + 2.2 * SCENE_RADIUS;
}

/**
 * Builds the scene once: shapes whose orientation is easy to read (a cone, a box, a torus, an
 * icosahedron) so a bad blend shows, lights and a floor grid. Bodies are split into one
 * contiguous range per shape ({@link splitRanges}), and every view on the blended arrays is
 * made here, so a frame allocates nothing.
 */
export function createView(count: number): View {
  const scene = new Scene();
  scene.background = new Color('#05070d');
  scene.fog = new Fog('#05070d', 14, 34);
  // Placed by frameScene, for the canvas's aspect ratio.
  const camera = new PerspectiveCamera(50, 1, 0.1, 100);

  scene.add(new HemisphereLight('#bcd4ff', '#20140a', 1.2));
  scene.add(new AmbientLight('#ffffff', 0.2));
  const sun = new DirectionalLight('#ffffff', 2);
  sun.position.set(5, 10, 7);
  scene.add(sun);
  const grid = new GridHelper(30, 30, '#29406b', '#16223a');
  grid.position.y = -3;
  scene.add(grid);

  const shapes: BufferGeometry[] = [
    new ConeGeometry(0.35, 0.9, 16),
    new BoxGeometry(0.6, 0.3, 0.9),
    new TorusGeometry(0.35, 0.12, 10, 24),
    new IcosahedronGeometry(0.4, 0),
  ];
  // White, so each instance's colour (set below) is the colour drawn.
  const material = new MeshStandardMaterial({ roughness: 0.45, metalness: 0.1, flatShading: true });
  const positions = new Float64Array(count * 3);
  const orientations = new Float64Array(count * 4);
  const color = new Color();
  const batches = splitRanges(count, shapes.length).map((range, shape): Batch => {
    const mesh = new InstancedMesh(shapes[shape], material, range.count);
    // Rewritten every frame: tell WebGL so it keeps the buffer where updates are cheap.
    mesh.instanceMatrix.setUsage(DynamicDrawUsage);
    // three.js computes an instanced mesh's bounding sphere once, from its first matrices, and
    // culls the whole mesh with it; these bodies move, so that sphere goes stale. Recomputing it
    // is a pass over every instance each frame, and the swarm is always in view: never cull.
    mesh.frustumCulled = false;
    // Stryker disable next-line EqualityOperator: `i <= range.count` adds a colour at i = range.count, past the colour buffer's end, which a typed array ignores; in an empty batch (fewer bodies than shapes) it makes a colour buffer for no instance, and an empty batch draws nothing (equivalent); `i >= range.count` colours none (scene.test.ts kills it)
    for (let i = 0; i < range.count; i++) {
      mesh.setColorAt(i, color.setHSL((range.start + i) / count, 0.7, 0.6));
    }
    scene.add(mesh);
    const end = range.start + range.count;
    return {
      mesh,
      positions: positions.subarray(3 * range.start, 3 * end),
      orientations: orientations.subarray(4 * range.start, 4 * end),
      matrices: mesh.instanceMatrix.array as Float32Array,
    };
  });
  // The centre everything orbits.
  scene.add(
    new Mesh(
      new IcosahedronGeometry(0.8, 2),
      new MeshStandardMaterial({ color: '#ffd27a', emissive: '#6b4a10' }),
    ),
  );
  return { scene, camera, positions, orientations, batches };
}

/**
 * Writes every body's matrix from the blended {@link View.positions} and
 * {@link View.orientations} into its instanced mesh, and flags the matrices for upload. One
 * pass over flat arrays per shape, no object per body, no allocation.
 */
export function applyState(view: View): void {
  const batches = view.batches;
  for (let i = 0; i < batches.length; i++) {
    const batch = batches[i]!;
    composeMatrices(batch.matrices, batch.positions, batch.orientations);
    batch.mesh.instanceMatrix.needsUpdate = true;
  }
}
