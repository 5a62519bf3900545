import { show } from '../show.js';

/**
 * How far a perspective camera stands from a scene so all of it shows in a canvas of any
 * shape. A camera placed for a landscape window crops a portrait phone's sides: its vertical
 * field of view is fixed (three.js's `PerspectiveCamera.fov`), so the horizontal one shrinks
 * with the aspect ratio. Fitting the scene's bounding sphere to the narrower of the two, as
 * three.js's own examples and model viewers frame an object, keeps every side in view at any
 * aspect, landscape or portrait, with no special case for either. Pure arithmetic, no DOM:
 * call it where the canvas size is known (the `watchCanvas` callback), not every frame.
 */

/**
 * The distance from the centre of a sphere of `radius` at which a perspective camera looking at
 * that centre sees the whole sphere: `radius / sin(half the narrower field of view)`. `fov` is
 * the vertical field of view in degrees (as three.js takes it), `aspect` the canvas's width
 * over its height. The horizontal half-angle is `atan(tan(fov / 2) * aspect)`.
 *
 * @example
 * camera.aspect = size.width / size.height;
 * const d = fitDistance(7.5, camera.fov, camera.aspect);
 * camera.position.set(0, 0.42 * d, 0.91 * d); // the same direction at any aspect
 */
export function fitDistance(radius: number, fov: number, aspect: number): number {
  if (!(radius >= 0) || !Number.isFinite(radius)) {
    throw new RangeError(`fitDistance radius must be a finite number >= 0, got ${show(radius)}`);
  }
  if (!(fov > 0 && fov < 180)) {
    throw new RangeError(`fitDistance fov must be between 0 and 180 degrees, got ${show(fov)}`);
  }
  if (!(aspect > 0) || !Number.isFinite(aspect)) {
    throw new RangeError(`fitDistance aspect must be a finite number > 0, got ${show(aspect)}`);
  }
  const tanHalf = Math.tan((fov * Math.PI) / 360);
  // tan is increasing on (0, 90°): the narrower half-angle has the smaller tangent, the
  // vertical one's scaled by the aspect when that is below 1 (× 1 is exact, so no case at 1).
  const narrower = Math.atan(tanHalf * Math.min(aspect, 1));
  return radius / Math.sin(narrower);
}
