import { letterbox, type View } from '@loop/net/dom';
import { DRAWN_STRIDE } from '../client/arena-client';
import { ENTITIES, HEIGHT, MAX_PLAYERS, WIDTH } from '../shared/arena';
import { radiusOf, STRIDE, type World } from '../shared/world';

/** A colour per seat; crates are one colour. */
const PLAYER_COLORS = [
  '#5ab0ff',
  '#ffb35a',
  '#7ee08a',
  '#e07ec8',
  '#f0e060',
  '#60e0e0',
  '#b890ff',
  '#ff7070',
];
const CRATE = '#8a7a5c';
const TAU = Math.PI * 2;
const DASHED = [6, 6];
const SOLID: number[] = [];

/** The letterbox of the last draw: scale, left, top. */
const BOX = new Float64Array(3);
/** The letterbox last written to the canvas's `data-playfield`. */
const SHOWN = new Float64Array(3);

/**
 * Draws the arena from `drawn` (x, y, present per entity, as `ArenaClient.draw` fills it),
 * letterboxed into the canvas at the largest scale that fits. The local seat gets a white ring;
 * `ghost`, when given, is the newest snapshot, whose local player is outlined: the distance
 * from the outline to the disc is what prediction hides (about a round trip of movement).
 * Paths only, no allocation.
 */
export function drawArena(
  ctx: CanvasRenderingContext2D,
  view: View,
  drawn: Float64Array,
  slot: number,
  ghost?: World,
): void {
  ctx.setTransform(view.ratio, 0, 0, view.ratio, 0, 0);
  ctx.fillStyle = '#0b0f18';
  ctx.fillRect(0, 0, view.width, view.height);
  letterbox(view, WIDTH, HEIGHT, BOX);
  const scale = BOX[0]!;
  const left = BOX[1]!;
  const top = BOX[2]!;
  if (scale !== SHOWN[0] || left !== SHOWN[1] || top !== SHOWN[2]) {
    // Where the arena is, for a test or a tool to read ("left top width height", CSS pixels):
    // written when it moves, not every frame.
    SHOWN.set(BOX);
    ctx.canvas.dataset.playfield = `${left} ${top} ${WIDTH * scale} ${HEIGHT * scale}`;
  }
  ctx.setTransform(
    view.ratio * scale,
    0,
    0,
    view.ratio * scale,
    view.ratio * left,
    view.ratio * top,
  );
  ctx.fillStyle = '#141b2b';
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  ctx.strokeStyle = '#2c3a58';
  ctx.lineWidth = 4;
  ctx.strokeRect(0, 0, WIDTH, HEIGHT);

  for (let e = 0; e < ENTITIES; e++) {
    const at = e * DRAWN_STRIDE;
    if (drawn[at + 2]! < 0.5) continue;
    ctx.fillStyle = e < MAX_PLAYERS ? PLAYER_COLORS[e]! : CRATE;
    ctx.beginPath();
    ctx.arc(drawn[at]!, drawn[at + 1]!, radiusOf(e), 0, TAU);
    ctx.fill();
  }
  if (slot >= MAX_PLAYERS) return;
  const at = slot * DRAWN_STRIDE;
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 3;
  ctx.beginPath();
  ctx.arc(drawn[at]!, drawn[at + 1]!, radiusOf(slot) + 4, 0, TAU);
  ctx.stroke();
  if (ghost && ghost.present[slot] === 1) {
    ctx.setLineDash(DASHED);
    ctx.strokeStyle = 'rgba(255,255,255,.45)';
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(ghost.state[slot * STRIDE]!, ghost.state[slot * STRIDE + 1]!, radiusOf(slot), 0, TAU);
    ctx.stroke();
    ctx.setLineDash(SOLID);
  }
}
