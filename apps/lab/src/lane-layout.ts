/**
 * How big the lanes are drawn: sizes in CSS pixels, worked out from the room the first screen
 * leaves, so every lane is in view when the lab opens, on a laptop or a phone. Pure arithmetic,
 * no DOM: the canvas and the lane labels both follow it.
 */

/**
 * Pixels per metre of the body's track. At 400 a 60 Hz step (2 m/s × 1/60 s = 33 mm) jumps
 * 13 px, which the eye sees as a stutter; the 10 m track of the old lab was 110 px/m on a
 * laptop and 30 on a phone, where a step was 1–4 px and every lane looked alike.
 */
export const PX_PER_M = 400;

/** The shortest lane: room for its label, its "when to pick it" line and the body below. */
export const MIN_LANE = 56;
/** The tallest lane: with one or two lanes shown, more height only adds empty strip. */
export const MAX_LANE = 120;

/**
 * The lane height that stacks `lanes` lanes into `available` pixels (the height between the
 * canvas top and the end of the first screen), within [{@link MIN_LANE}, {@link MAX_LANE}].
 */
export function fitLaneHeight(lanes: number, available: number): number {
  const each = Math.floor(available / Math.max(1, lanes));
  return Math.min(MAX_LANE, Math.max(MIN_LANE, Number.isFinite(each) ? each : MIN_LANE));
}

/**
 * Width of each of the two columns at a lane's right end (the ball, the spinner): narrow enough
 * to leave a phone's lane most of its width for the body's track and the lane's words.
 */
export function sideColumn(laneHeight: number): number {
  return Math.round(Math.min(72, Math.max(40, laneHeight * 0.55)));
}

/** Side of the body's square: big enough to follow, small enough to leave room for the words. */
export function bodySize(laneHeight: number): number {
  return Math.round(Math.min(24, Math.max(12, laneHeight * 0.24)));
}
