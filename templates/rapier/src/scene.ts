import type { DrawnPoses, FrameTime } from '@loop/rapier';
import { ChaseCamera, InstancedBodies } from '@loop/rapier/three';
import {
  BoxGeometry,
  Color,
  DirectionalLight,
  Fog,
  GridHelper,
  HemisphereLight,
  IcosahedronGeometry,
  InstancedMesh,
  Mesh,
  MeshStandardMaterial,
  type PerspectiveCamera,
  Scene,
} from 'three';
import { BOX_HALF, FLOOR_HALF, PLAYER, PLAYER_RADIUS } from './world';

/**
 * The camera follows the ball (`ChaseCamera` of @loop/rapier/three): 7 m above it and 11 m
 * behind in a landscape window, a 55° field of view, swaying ±0.2 rad once every 12 s of
 * simulated time so the scene never looks frozen once the pile sleeps. It keeps a sphere of
 * about 6 m about the ball in view, which holds the pile's width (16 boxes of 0.6 m), so a phone
 * held upright sees the pile, not one side of it.
 */
export const CAMERA = { height: 7, distance: 11, fov: 55, sway: 0.2, swayPeriod: 12 };

/**
 * What three.js draws (`threePageView` of @loop/rapier/three renders it, main.ts): one
 * `InstancedMesh` for every box (one draw call, and matrices written straight from the blended
 * arrays, no `Object3D` per box), a mesh for the ball, the floor, and a camera that follows the
 * ball's blended pose.
 */
export class View {
  /** What is drawn. */
  readonly scene = new Scene();
  /** Follows the ball; its aspect follows the canvas (`frame`). */
  readonly camera: PerspectiveCamera;
  /** Every box, one instance each, in body order (body i + 1 is instance i). */
  readonly boxes: InstancedMesh;
  /** Writes the boxes' instance matrices from the blended poses (@loop/rapier/three). */
  private readonly drawn: InstancedBodies;
  /** The player's ball. */
  readonly ball: Mesh;
  /** Places the camera behind the ball's blended position, the fog (30 m to 70 m) with it. */
  private readonly chase: ChaseCamera;

  /** `poses`: the blended poses, `Poses` on the main thread, a worker's snapshots blended in worker mode. */
  constructor(readonly poses: DrawnPoses) {
    const scene = this.scene;
    scene.background = new Color('#0b1020');
    const fog = new Fog('#0b1020', 30, 70);
    scene.fog = fog;
    this.chase = new ChaseCamera({ ...CAMERA, fog });
    this.camera = this.chase.camera;
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
    // Written every frame, and never culled by bounds computed once: InstancedBodies sees to both.
    this.drawn = new InstancedBodies(this.boxes, poses, 1);
    const color = new Color();
    // Stryker disable next-line EqualityOperator: `i <= count` adds a colour at i = count, past the colour buffer's end, which a typed array ignores; with no boxes (a count the page never makes) it makes a colour buffer for no instance, which draws nothing (equivalent); `i >= count` colours none (scene.test.ts kills it)
    for (let i = 0; i < count; i++) {
      this.boxes.setColorAt(i, color.setHSL(0.55 + 0.35 * ((i * 0.618) % 1), 0.65, 0.58));
    }
    scene.add(this.boxes);

    this.ball = new Mesh(
      new IcosahedronGeometry(PLAYER_RADIUS, 1),
      new MeshStandardMaterial({ color: '#ffb347', flatShading: true, roughness: 0.4 }),
    );
    scene.add(this.ball);
  }

  /** Frames the camera for a canvas of `aspect` (width / height): a phone upright backs off. */
  frame(aspect: number): void {
    this.chase.frame(aspect);
  }

  /**
   * Draws the poses blended for this frame (`poses.blend(alpha)` on the main thread): the box matrices composed in one batch
   * call, the ball placed, and the camera moved with the ball's blended position (not its
   * stepped one, which would jitter against the boxes between steps). `state` is the loop's:
   * its time plus `alpha` steps is the simulated time of this frame, for the sway. (Taking the
   * two rather than a computed time keeps the call from boxing a number.)
   */
  update(alpha: number, state: FrameTime): void {
    this.drawn.update();
    // The ball placed from the arrays (a computed number passed to a method that is not inlined
    // can be boxed: the browser benchmark read 50 to 90 B a frame more with set() and lookAt()).
    const p = this.poses.drawnPositions;
    this.ball.position.fromArray(p, 3 * PLAYER);
    this.ball.quaternion.fromArray(this.poses.drawnOrientations, 4 * PLAYER);
    this.chase.follow(p, PLAYER, alpha, state);
  }
}
