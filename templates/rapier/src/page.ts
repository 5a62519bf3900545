/**
 * The page's settings, read by main.ts in both modes and by the tests: a module without Rapier or
 * three, so worker mode's page reads them without loading either.
 */

/** 60 steps a second: Rapier's own default, and smooth on most displays with interpolation. */
export const SIMULATION_HZ = 60;
/** Boxes in the pile: 1 000 dynamic bodies plus the ball. */
export const BOXES = 1000;
/**
 * At most 4 steps per frame (the default is 10). When 1 000 boxes are awake a step can cost
 * more than its 16.7 ms on a slow machine; with a low cap the game slows down and keeps
 * drawing several frames a second, instead of spending every frame on 10 steps and showing
 * one or two. The overlay's `dropped` counts the time given up.
 */
export const MAX_STEPS = 4;
/** Seconds between keyframes (whole-state snapshots) of the recording: the Game's default. */
export const KEYFRAME_SECONDS = 2;

/** The options a Game gets in either mode (worker mode sends them to the worker). */
export function gameOptions() {
  return { boxes: BOXES, timestep: 1000 / SIMULATION_HZ, keyframeSeconds: KEYFRAME_SECONDS };
}
