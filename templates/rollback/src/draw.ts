import { POSE_STRIDE } from '@loop/rapier/rollback';
import { bodyOf, HALF } from './game';

/** One colour per player, by seat. */
export const COLOURS = ['#e4572e', '#29bf12', '#4ea5ff', '#f3c623'] as const;

/**
 * Top-down drawing of the push-off: the platform, then every ball between its pose of the
 * previous tick and the present one by `alpha` (the loop's leftover time over the timestep, as
 * in "Fix Your Timestep!"), so the picture is smooth at any frame rate. A ball below the
 * platform's top is drawn smaller as it falls. Reads the poses arrays; allocates nothing.
 */
export function drawArena(
  ctx: CanvasRenderingContext2D,
  previous: Float64Array,
  current: Float64Array,
  alpha: number,
  players: number,
) {
  const { width, height } = ctx.canvas;
  const scale = Math.min(width, height) / (2 * HALF + 2);
  ctx.fillStyle = '#1b1b1b';
  ctx.fillRect(0, 0, width, height);
  ctx.save();
  ctx.translate(width / 2, height / 2);
  ctx.scale(scale, scale);
  ctx.fillStyle = '#3a3a3a';
  ctx.fillRect(-HALF, -HALF, 2 * HALF, 2 * HALF);
  for (let p = 0; p < players; p++) {
    const i = bodyOf.ball(p) * POSE_STRIDE;
    const x = lerp(previous[i] ?? 0, current[i] ?? 0, alpha);
    const y = lerp(previous[i + 1] ?? 0, current[i + 1] ?? 0, alpha);
    const z = lerp(previous[i + 2] ?? 0, current[i + 2] ?? 0, alpha);
    const radius = y < 0 ? Math.max(0.1, 0.5 + y * 0.12) : 0.5;
    ctx.fillStyle = COLOURS[p] ?? '#fff';
    ctx.beginPath();
    ctx.arc(x, z, radius, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.restore();
}

/** a to b by t; a jump (a respawn, a correction of over a metre) is drawn at b at once. */
export function lerp(a: number, b: number, t: number): number {
  return Math.abs(b - a) > 1 ? b : a + (b - a) * t;
}
