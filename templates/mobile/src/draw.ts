import type { Swarm } from './swarm';

const SIZE = 4;

/**
 * Draws the swarm blended `alpha` of the way between its last two steps. Squares, not arcs:
 * one fillRect each is the cheapest shape a phone's canvas can draw. Allocation-free: the
 * blended positions go into `scratch`.
 */
export function draw(
  ctx: CanvasRenderingContext2D,
  swarm: Swarm,
  alpha: number,
  ratio: number,
  scratch: Float64Array,
): void {
  const p = swarm.positions.blend(scratch, alpha);
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.fillStyle = '#101418';
  ctx.fillRect(0, 0, swarm.width, swarm.height);
  ctx.fillStyle = '#5fd3b5';
  for (let i = 0; i < swarm.count; i += 2) {
    ctx.fillRect(p[2 * i]! - SIZE / 2, p[2 * i + 1]! - SIZE / 2, SIZE, SIZE);
  }
  ctx.fillStyle = '#f2c66d';
  for (let i = 1; i < swarm.count; i += 2) {
    ctx.fillRect(p[2 * i]! - SIZE / 2, p[2 * i + 1]! - SIZE / 2, SIZE, SIZE);
  }
  ctx.strokeStyle = 'rgba(238, 243, 248, 0.5)';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.arc(swarm.targetX, swarm.targetY, 18, 0, Math.PI * 2);
  ctx.stroke();
}
