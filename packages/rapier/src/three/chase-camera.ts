import { fitDistance } from '@loop/core/dom';
import { type Fog, PerspectiveCamera } from 'three';
import type { FrameTime } from '../frame-time.js';

/** Options of {@link ChaseCamera}: where it sits in a landscape window, and how it sways. */
export interface ChaseCameraOptions {
  /** Metres above the followed point in a landscape window. */
  readonly height: number;
  /** Metres behind it (towards +z) in a landscape window. */
  readonly distance: number;
  /** Vertical field of view, in degrees. Default 55. */
  readonly fov?: number;
  /** Half the angle of the sway about y, in radians. Default 0: no sway. */
  readonly sway?: number;
  /** Seconds of simulated time of one sway. Default 12. */
  readonly swayPeriod?: number;
  /** A fog kept at the same depth behind the followed point as the camera backs off. */
  readonly fog?: Fog;
}

/**
 * A camera that follows a body's blended pose, never its stepped one (which would jitter against
 * the other bodies between steps): behind and above it, looking at it, swaying gently with the
 * simulated time so a still scene never looks frozen, and framed for any canvas: a narrow one
 * backs off along the same line until the sphere the landscape camera frames fits both fields of
 * view (`fitDistance` of @loop/core/dom). Its fog, if any, moves back with it. Writes the
 * camera's position and quaternion directly: a frame allocates nothing (three's `lookAt`
 * decomposes matrices and boxes numbers on the way, bytes every frame).
 */
export class ChaseCamera {
  /** The three.js camera, its aspect set by {@link frame}. */
  readonly camera: PerspectiveCamera;
  /** The sphere about the followed point that the camera keeps in view, in metres. */
  readonly viewRadius: number;
  private readonly range: number;
  private readonly fogNear: number;
  private readonly fogFar: number;
  private readonly pitchSin: number;
  private readonly pitchCos: number;
  private readonly sway: number;
  private readonly swayPeriod: number;
  private readonly fog: Fog | undefined;
  private readonly turn = new Float64Array(4);
  private up: number;
  private back: number;

  constructor(private readonly options: ChaseCameraOptions) {
    const { height, distance } = options;
    const fov = options.fov ?? 55;
    for (const [name, value] of [
      ['height', height],
      ['distance', distance],
    ] as const) {
      if (!(value >= 0) || !Number.isFinite(value)) {
        throw new RangeError(`ChaseCamera ${name} must be a finite number >= 0, got ${value}`);
      }
    }
    if (!(height + distance > 0)) {
      throw new RangeError(`ChaseCamera height and distance must not both be 0, got 0 and 0`);
    }
    this.swayPeriod = options.swayPeriod ?? 12;
    if (!(this.swayPeriod > 0)) {
      throw new RangeError(`ChaseCamera swayPeriod must be above 0, got ${this.swayPeriod}`);
    }
    this.camera = new PerspectiveCamera(fov, 1, 0.1, 200);
    this.range = Math.hypot(height, distance);
    this.viewRadius = this.range * Math.sin((fov * Math.PI) / 360);
    this.fog = options.fog;
    this.fogNear = (this.fog?.near ?? 0) - this.range;
    this.fogFar = (this.fog?.far ?? 0) - this.range;
    const halfPitch = -Math.atan2(height, distance) / 2;
    this.pitchSin = Math.sin(halfPitch);
    this.pitchCos = Math.cos(halfPitch);
    this.sway = options.sway ?? 0;
    this.up = height;
    this.back = distance;
    this.frame(1);
  }

  /**
   * Sets the camera for a canvas of `aspect` (width / height): far enough back along its line to
   * the followed point that {@link viewRadius} fits both fields of view, the fog moved with it.
   */
  frame(aspect: number): void {
    const camera = this.camera;
    camera.aspect = aspect;
    camera.updateProjectionMatrix();
    const d = fitDistance(this.viewRadius, camera.fov, aspect);
    this.up = (this.options.height * d) / this.range;
    this.back = (this.options.distance * d) / this.range;
    if (this.fog) {
      this.fog.near = d + this.fogNear;
      this.fog.far = d + this.fogFar;
    }
  }

  /**
   * Follows body `index` of `positions` (x, y, z per body: the blended ones) at the frame's
   * simulated time, `frame.time + alpha * frame.dt` seconds: behind and above it, turned by the
   * sway about y, tilted down to look straight at it. Takes the array and the loop's numbers
   * rather than computed ones: a computed number passed to a method that is not inlined can be
   * boxed, bytes of garbage every frame.
   */
  follow(positions: ArrayLike<number>, index: number, alpha: number, frame: FrameTime): void {
    const time = frame.time + alpha * frame.dt;
    const x = positions[3 * index]!;
    const y = positions[3 * index + 1]!;
    const z = positions[3 * index + 2]!;
    const yaw = this.sway * Math.sin((time * 2 * Math.PI) / this.swayPeriod);
    const eye = this.camera.position;
    eye.x = x + this.back * Math.sin(yaw);
    eye.y = y + this.up;
    eye.z = z + this.back * Math.cos(yaw);
    const turn = this.turn;
    const sy = Math.sin(yaw / 2);
    const cy = Math.cos(yaw / 2);
    turn[0] = cy * this.pitchSin;
    turn[1] = sy * this.pitchCos;
    turn[2] = -sy * this.pitchSin;
    turn[3] = cy * this.pitchCos;
    this.camera.quaternion.fromArray(turn);
  }
}
