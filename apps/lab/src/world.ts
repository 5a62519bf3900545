import { extrapolate } from '@loop/core';

/**
 * The lab's world: three things that make timing errors visible, identical in every lane.
 *
 * - a body moving at a constant speed (position error shows as a gap to its ghost),
 * - a ball bouncing under gravity (integrated with semi-implicit Euler, the usual game
 *   integrator, so a variable step changes its path: the "physics that change with frame
 *   rate" of Fix Your Timestep! by Glenn Fiedler),
 * - a spinner turning at a constant rate (rotation error, blended the short way round).
 *
 * State is a flat Float64Array so a lane can keep the previous and current step in an
 * `Interpolated` and blend it without allocating. Nothing here knows about the DOM.
 */

/** Speed of the body in m/s. */
export const BODY_SPEED = 2;
/** Gravity on the ball in m/s² (downwards: height decreases). */
export const GRAVITY = 9.81;
/** Height the ball is dropped from, in m (it starts at rest at the top of a bounce). */
export const DROP_HEIGHT = 1;
/** Turning rate of the spinner in rad/s (about one turn in 2.1 s). */
export const SPIN = 3;

/** Index of each quantity in a world state array. */
export const X = 0;
export const Y = 1;
export const VY = 2;
export const ANGLE = 3;
/** Length of a world state array. */
export const STATE_SIZE = 4;

/** Time in s from one bounce to the next of the exact (continuous) ball. */
export const BOUNCE_PERIOD = 2 * Math.sqrt(DROP_HEIGHT / (GRAVITY / 2));

/** Wraps an angle into [-π, π), so the spinner's state stays small and blends the short way. */
export function wrapAngle(a: number): number {
  const turn = 2 * Math.PI;
  return a - turn * Math.floor((a + Math.PI) / turn);
}

/** Writes the state at time 0 into `out` and returns it. */
export function initialState(out: Float64Array): Float64Array {
  out[X] = 0;
  out[Y] = DROP_HEIGHT;
  out[VY] = 0;
  out[ANGLE] = 0;
  return out;
}

/**
 * Advances `state` by `dt` seconds in place: the body and spinner exactly, the ball by one
 * semi-implicit Euler step with an elastic bounce on the floor. The step a loop hands to
 * update is the only input, so a fixed step gives the same states at every frame rate.
 */
export function stepWorld(state: Float64Array, dt: number): void {
  state[X] = state[X]! + BODY_SPEED * dt;
  let vy = state[VY]! - GRAVITY * dt;
  let y = state[Y]! + vy * dt;
  if (y < 0) {
    y = -y;
    vy = -vy;
  }
  state[Y] = y;
  state[VY] = vy;
  state[ANGLE] = wrapAngle(state[ANGLE]! + SPIN * dt);
}

/**
 * Writes the exact state at time `t` seconds into `out`: the continuous solution the ghosts
 * show. The ball is a parabola repeating every {@link BOUNCE_PERIOD}, starting at its top.
 */
export function trueState(out: Float64Array, t: number): Float64Array {
  out[X] = BODY_SPEED * t;
  const half = BOUNCE_PERIOD / 2;
  const tau = t - BOUNCE_PERIOD * Math.floor((t + half) / BOUNCE_PERIOD);
  out[Y] = DROP_HEIGHT - 0.5 * GRAVITY * tau * tau;
  out[VY] = -GRAVITY * tau;
  out[ANGLE] = wrapAngle(SPIN * t);
  return out;
}

/**
 * Draws a state ahead of its last step by `lag` seconds (extrapolation, Luke Palmer's
 * "add the velocity times TIME_ERROR" in Game Loops): a guess that misses the ball's bounces.
 */
export function extrapolateState(
  out: Float64Array,
  state: Float64Array,
  lag: number,
): Float64Array {
  out[X] = extrapolate(state[X]!, BODY_SPEED, lag);
  out[Y] = extrapolate(state[Y]!, state[VY]!, lag);
  out[VY] = extrapolate(state[VY]!, -GRAVITY, lag);
  out[ANGLE] = wrapAngle(extrapolate(state[ANGLE]!, SPIN, lag));
  return out;
}
