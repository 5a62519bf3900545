import type { World } from './world';

/** Ball colours, one pre-rendered sprite each. */
const COLORS = ['#5ab0ff', '#ffb35a', '#7ee08a', '#e07ec8'];
const TAU = Math.PI * 2;
/** Sprite size in pixels: large enough to stay sharp when scaled down to a ball on a 3× screen. */
const SPRITE = 64;

/**
 * One disc per colour, drawn once. A frame then draws each ball as a scaled image, which the
 * GPU batches into few draw calls; hundreds of arcs are paths to tessellate, every frame.
 * Exported, with the document to paint in, for the tests: `draw` makes them once per page.
 */
export function makeSprites(doc: Document = document): HTMLCanvasElement[] {
  return COLORS.map((color) => {
    const sprite = doc.createElement('canvas');
    sprite.width = SPRITE;
    sprite.height = SPRITE;
    const ctx = sprite.getContext('2d')!;
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.arc(SPRITE / 2, SPRITE / 2, SPRITE / 2, 0, TAU);
    ctx.fill();
    return sprite;
  });
}
let sprites: HTMLCanvasElement[] | undefined;

/**
 * Draws the world as it was `alpha` of the way from the previous step to the latest one.
 * With alpha = 1 it draws the latest step as is: what a loop without interpolation shows, a
 * picture that moves only when a step ran (every other frame at 30 Hz on a 60 Hz screen).
 * Allocation-free: `scratch` receives the blended positions.
 */
export function draw(
  ctx: CanvasRenderingContext2D,
  world: World,
  alpha: number,
  ratio: number,
  scratch: Float64Array,
): void {
  const p = world.positions.blend(scratch, alpha);
  const r = world.radii;
  // Draw in CSS pixels whatever the device pixel ratio (setting canvas.width resets this).
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.fillStyle = '#0e1320';
  ctx.fillRect(0, 0, world.width, world.height);

  sprites ??= makeSprites();
  for (let i = 0; i < world.bob; i++) {
    const radius = r[i]!;
    const sprite = sprites[i % sprites.length]!;
    ctx.drawImage(sprite, p[2 * i]! - radius, p[2 * i + 1]! - radius, 2 * radius, 2 * radius);
  }

  // The spring: a line from the anchor to the bob.
  const b = 2 * world.bob;
  const a = b + 2;
  ctx.strokeStyle = '#c8d4f0';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(p[a]!, p[a + 1]!);
  ctx.lineTo(p[b]!, p[b + 1]!);
  ctx.stroke();
  ctx.fillStyle = '#c8d4f0';
  ctx.beginPath();
  ctx.arc(p[a]!, p[a + 1]!, 4, 0, TAU);
  ctx.fill();
  ctx.fillStyle = '#ff5a6e';
  ctx.beginPath();
  ctx.arc(p[b]!, p[b + 1]!, r[world.bob]!, 0, TAU);
  ctx.fill();
}
