import { type CanvasSize, fitDistance } from '@loop/core/dom';
import type { DrawnPoses } from '@loop/rapier';
import { InstancedBodies } from '@loop/rapier/three';
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
  PerspectiveCamera,
  Scene,
  Vector3,
  type WebGLRenderer,
} from 'three';
import { BOX_HALF, FLOOR_HALF, PLAYER, PLAYER_RADIUS } from './world';

/** What `View.update` reads of the loop's state: simulated seconds and the step, in seconds. */
export interface FrameTime {
  readonly time: number;
  readonly dt: number;
}

/**
 * Where the camera sits relative to the ball in a landscape window: above it, and this far
 * behind it. A narrower canvas moves it back along the same line ({@link View.frame}).
 */
const CAMERA_HEIGHT = 7;
const CAMERA_DISTANCE = 11;
/** The camera's vertical field of view, in degrees. */
const FOV = 55;
/**
 * The sphere about the ball that the camera keeps in view: the one the landscape camera frames
 * (its distance times the sine of half the field of view), about 6 m. It holds the pile's width
 * (16 boxes of 0.6 m) at its distance, so a phone held upright sees the pile, not one side of it.
 */
const RANGE = Math.sqrt(CAMERA_HEIGHT * CAMERA_HEIGHT + CAMERA_DISTANCE * CAMERA_DISTANCE);
export const VIEW_RADIUS = RANGE * Math.sin((FOV * Math.PI) / 360);
/** Where the fog starts and ends beyond the ball (30 m and 70 m from the landscape camera). */
const FOG_NEAR = 30 - RANGE;
const FOG_FAR = 70 - RANGE;
/**
 * The camera sways gently around the ball (±0.2 rad, once every 12 s of simulated time), so the
 * scene never looks frozen once the pile sleeps, while "up the screen" stays about −z.
 */
const SWAY = 0.2;
const SWAY_PERIOD = 12;
/** Half the angle the camera looks down by (it looks from its place straight at the ball). */
const HALF_PITCH = -Math.atan2(CAMERA_HEIGHT, CAMERA_DISTANCE) / 2;
const PITCH_SIN = Math.sin(HALF_PITCH);
const PITCH_COS = Math.cos(HALF_PITCH);

/**
 * What three.js draws: one `InstancedMesh` for every box (one draw call, and matrices written
 * straight from the blended arrays, no `Object3D` per box), a mesh for the ball, the floor, and
 * a camera that follows the ball's blended pose.
 */
export class View {
  /** What is drawn. */
  readonly scene = new Scene();
  /** Follows the ball; its aspect follows the canvas (`resize`). */
  readonly camera = new PerspectiveCamera(FOV, 1, 0.1, 200);
  /** Every box, one instance each, in body order (body i + 1 is instance i). */
  readonly boxes: InstancedMesh;
  /** Writes the boxes' instance matrices from the blended poses (@loop/rapier/three). */
  private readonly drawn: InstancedBodies;
  /** The player's ball. */
  readonly ball: Mesh;
  /** Where the camera looks: the ball's blended position, a vector made once. */
  private readonly target = new Vector3();
  /** The camera's orientation as a quaternion (x, y, z, w), rewritten every frame. */
  private readonly turn = new Float64Array(4);
  /** The camera's height above the ball and distance behind it: set by `frame`. */
  private height = CAMERA_HEIGHT;
  private behind = CAMERA_DISTANCE;
  private readonly fog = new Fog('#0b1020', 30, 70);

  /** `poses`: the blended poses, `Poses` on the main thread, a worker's snapshots blended in worker mode. */
  constructor(readonly poses: DrawnPoses) {
    const scene = this.scene;
    scene.background = new Color('#0b1020');
    scene.fog = this.fog;
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
    // Stryker disable next-line EqualityOperator: a colour at i = count lands past the colour buffer's end, which a typed array ignores
    for (let i = 0; i < count; i++) {
      this.boxes.setColorAt(i, color.setHSL(0.55 + 0.35 * ((i * 0.618) % 1), 0.65, 0.58));
    }
    scene.add(this.boxes);

    this.ball = new Mesh(
      new IcosahedronGeometry(PLAYER_RADIUS, 1),
      new MeshStandardMaterial({ color: '#ffb347', flatShading: true, roughness: 0.4 }),
    );
    scene.add(this.ball);

    this.frame(1);
  }

  /** Fits the drawing buffer and the camera to the canvas (`watchCanvas` reports its size). */
  resize(renderer: WebGLRenderer | null, size: CanvasSize): void {
    renderer?.setSize(size.pixelWidth, size.pixelHeight, false);
    this.frame(size.width / Math.max(1, size.height));
  }

  /**
   * Sets the camera for a canvas of `aspect` (width / height): far enough back along its line to
   * the ball that {@link VIEW_RADIUS} about the ball fits both fields of view ({@link fitDistance}),
   * the fog moved with it. Landscape keeps the 7 m up and 11 m back; a phone held upright backs
   * off about twice as far instead of cropping the sides.
   */
  frame(aspect: number): void {
    const camera = this.camera;
    camera.aspect = aspect;
    camera.updateProjectionMatrix();
    const distance = fitDistance(VIEW_RADIUS, FOV, aspect);
    this.height = (CAMERA_HEIGHT * distance) / RANGE;
    this.behind = (CAMERA_DISTANCE * distance) / RANGE;
    this.fog.near = distance + FOG_NEAR;
    this.fog.far = distance + FOG_FAR;
  }

  /**
   * Draws the poses blended for this frame (`poses.blend(alpha)` on the main thread): the box matrices composed in one batch
   * call, the ball placed, and the camera moved with the ball's blended position (not its
   * stepped one, which would jitter against the boxes between steps). `state` is the loop's:
   * its time plus `alpha` steps is the simulated time of this frame, for the sway. (Taking the
   * two rather than a computed time keeps the call from boxing a number.)
   */
  update(alpha: number, state: FrameTime): void {
    const time = state.time + alpha * state.dt;
    this.drawn.update();
    // Fields written directly and the quaternion read from the array: passing a computed number
    // to a method that is not inlined can box it, a few bytes of garbage per call (with set()
    // and lookAt() the browser benchmark read 50 to 90 B a frame more than without).
    const p = this.poses.drawnPositions;
    const target = this.target;
    target.x = p[3 * PLAYER]!;
    target.y = p[3 * PLAYER + 1]!;
    target.z = p[3 * PLAYER + 2]!;
    this.ball.position.copy(target);
    this.ball.quaternion.fromArray(this.poses.drawnOrientations, 4 * PLAYER);
    // Behind and above the ball, looking at it: turned by the sway about y, tilted down by
    // twice HALF_PITCH about x. The quaternion is written directly rather than through lookAt(), which
    // decomposes the camera's world matrix and boxes numbers on the way (bytes every frame).
    const yaw = SWAY * Math.sin((time * 2 * Math.PI) / SWAY_PERIOD);
    const eye = this.camera.position;
    eye.x = target.x + this.behind * Math.sin(yaw);
    eye.y = target.y + this.height;
    eye.z = target.z + this.behind * Math.cos(yaw);
    const turn = this.turn;
    const sy = Math.sin(yaw / 2);
    const cy = Math.cos(yaw / 2);
    turn[0] = cy * PITCH_SIN;
    turn[1] = sy * PITCH_COS;
    turn[2] = -sy * PITCH_SIN;
    turn[3] = cy * PITCH_COS;
    this.camera.quaternion.fromArray(turn);
  }
}
