import { type CanvasSize, composeMatrices } from '@loop/core';
import {
  BoxGeometry,
  Color,
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
  type WebGLRenderer,
} from 'three';
import { BOX_HALF, FLOOR_HALF, PLAYER, PLAYER_RADIUS } from './physics';
import type { Poses } from './poses';

/** Where the camera sits relative to the ball: above it, and this far behind it. */
const CAMERA_HEIGHT = 7;
const CAMERA_DISTANCE = 11;
/**
 * The camera sways gently around the ball (±0.2 rad, once every 12 s of simulated time), so the
 * scene never looks frozen once the pile sleeps, while "up the screen" stays about −z.
 */
const SWAY = 0.2;
const SWAY_PERIOD = 12;

/**
 * What three.js draws: one `InstancedMesh` for every box (one draw call, and matrices written
 * straight from the blended arrays, no `Object3D` per box), a mesh for the ball, the floor, and
 * a camera that follows the ball's blended pose.
 */
export class View {
  /** What is drawn. */
  readonly scene = new Scene();
  /** Follows the ball; its aspect follows the canvas (`resize`). */
  readonly camera = new PerspectiveCamera(55, 1, 0.1, 200);
  /** Every box, one instance each, in body order (body i + 1 is instance i). */
  readonly boxes: InstancedMesh;
  /** The player's ball. */
  readonly ball: Mesh;
  /** The boxes' part of the blended arrays: views made once, so drawing allocates nothing. */
  private readonly boxPositions: Float32Array;
  private readonly boxOrientations: Float32Array;

  constructor(readonly poses: Poses) {
    const scene = this.scene;
    scene.background = new Color('#0b1020');
    scene.fog = new Fog('#0b1020', 30, 70);
    scene.add(new HemisphereLight('#dfe8ff', '#3a2a1a', 1.6));
    const sun = new DirectionalLight('#ffffff', 2.2);
    sun.position.set(8, 20, 6);
    scene.add(sun);

    const floor = new Mesh(
      new BoxGeometry(FLOOR_HALF * 2, 1, FLOOR_HALF * 2),
      new MeshStandardMaterial({ color: '#1d2740', roughness: 0.9 }),
    );
    floor.position.y = -0.5;
    scene.add(floor);
    const grid = new GridHelper(FLOOR_HALF * 2, FLOOR_HALF * 2, '#3b5b96', '#26375a');
    grid.position.y = 0.002;
    scene.add(grid);

    const count = poses.count - 1;
    const edge = BOX_HALF * 2;
    this.boxes = new InstancedMesh(
      new BoxGeometry(edge, edge, edge),
      new MeshStandardMaterial({ roughness: 0.55, metalness: 0.05 }),
      count,
    );
    // Written every frame; and the boxes spread far from where they start, so the bounds
    // three.js would compute once for culling are wrong: draw them all.
    this.boxes.instanceMatrix.setUsage(DynamicDrawUsage);
    this.boxes.frustumCulled = false;
    const color = new Color();
    for (let i = 0; i < count; i++) {
      this.boxes.setColorAt(i, color.setHSL(0.55 + 0.35 * ((i * 0.618) % 1), 0.65, 0.58));
    }
    scene.add(this.boxes);

    this.ball = new Mesh(
      new IcosahedronGeometry(PLAYER_RADIUS, 1),
      new MeshStandardMaterial({ color: '#ffb347', flatShading: true, roughness: 0.4 }),
    );
    scene.add(this.ball);

    this.boxPositions = poses.drawnPositions.subarray(3);
    this.boxOrientations = poses.drawnOrientations.subarray(4);
  }

  /** Fits the drawing buffer and the camera's aspect to the canvas (`watchCanvas` reports it). */
  resize(renderer: WebGLRenderer, size: CanvasSize): void {
    renderer.setSize(size.pixelWidth, size.pixelHeight, false);
    this.camera.aspect = size.width / Math.max(1, size.height);
    this.camera.updateProjectionMatrix();
  }

  /**
   * Draws the poses blended by `poses.blend(alpha)`: the box matrices composed in one batch
   * call, the ball placed, and the camera moved with the ball's blended position (not its
   * stepped one, which would jitter against the boxes between steps). `time`: simulated
   * seconds at this frame (the loop's time plus alpha × dt), for the sway.
   */
  update(time: number): void {
    const matrices = this.boxes.instanceMatrix;
    composeMatrices(matrices.array, this.boxPositions, this.boxOrientations);
    matrices.needsUpdate = true;
    const p = this.poses.drawnPositions;
    const q = this.poses.drawnOrientations;
    const x = p[3 * PLAYER]!;
    const y = p[3 * PLAYER + 1]!;
    const z = p[3 * PLAYER + 2]!;
    this.ball.position.set(x, y, z);
    this.ball.quaternion.set(
      q[4 * PLAYER]!,
      q[4 * PLAYER + 1]!,
      q[4 * PLAYER + 2]!,
      q[4 * PLAYER + 3]!,
    );
    const yaw = SWAY * Math.sin((time * 2 * Math.PI) / SWAY_PERIOD);
    this.camera.position.set(
      x + CAMERA_DISTANCE * Math.sin(yaw),
      y + CAMERA_HEIGHT,
      z + CAMERA_DISTANCE * Math.cos(yaw),
    );
    this.camera.lookAt(x, y, z);
  }
}
