import { letterbox } from '@loop/net/dom';
import { describe, expect, it } from 'vitest';
import { DRAWN_STRIDE } from '../client/arena-client';
import { ENTITIES, HEIGHT, WIDTH } from '../shared/arena';
import { BUTTON_BOOST, STICK_MAX } from '../shared/input';
import { BOOST_PX, FULL_STICK_PX, steerToward } from './touch-steer';

/** A phone held upright (390 × 844 CSS pixels): the arena letterboxed to its width. */
const PHONE = { width: 390, height: 844, ratio: 3 };
const scale = 390 / WIDTH;
const top = (844 - HEIGHT * scale) / 2;

/** Drawn positions with seat 2's player at arena (x, y). */
function drawnWith(x: number, y: number): Float64Array {
  const drawn = new Float64Array(ENTITIES * DRAWN_STRIDE);
  drawn[2 * DRAWN_STRIDE] = x;
  drawn[2 * DRAWN_STRIDE + 1] = y;
  drawn[2 * DRAWN_STRIDE + 2] = 1;
  return drawn;
}

describe('steering by touch', () => {
  const out = new Float64Array(3);
  // Seat 2 at arena (640, 200): on screen at (195, top + 200 × scale).
  const drawn = drawnWith(640, 200);
  const player = { x: 195, y: top + 200 * scale };

  it('letterboxes the arena as the drawing does: full width on an upright phone, centred', () => {
    const box = new Float64Array(3);
    letterbox(PHONE, WIDTH, HEIGHT, box);
    expect([...box]).toEqual([scale, 0, top]);
    letterbox({ width: 2000, height: 720, ratio: 1 }, WIDTH, HEIGHT, box);
    expect([...box]).toEqual([1, 360, 0]);
  });

  it('heads for the finger at full stick from its reach on, without boost', () => {
    expect(steerToward(player.x + 100, player.y, PHONE, drawn, 2, out)).toBe(true);
    expect([...out]).toEqual([STICK_MAX, 0, 0]);
    expect(steerToward(player.x, player.y - FULL_STICK_PX, PHONE, drawn, 2, out)).toBe(true);
    expect([...out]).toEqual([0, -STICK_MAX, 0]);
    // A diagonal is as fast as a straight line, not faster.
    steerToward(player.x - 60, player.y + 80, PHONE, drawn, 2, out);
    expect(out[0]).toBeCloseTo(-0.6 * STICK_MAX, 9);
    expect(out[1]).toBeCloseTo(0.8 * STICK_MAX, 9);
  });

  it('slows in proportion inside its reach, and stops with the finger on the player', () => {
    steerToward(player.x + FULL_STICK_PX / 4, player.y, PHONE, drawn, 2, out);
    expect([...out]).toEqual([STICK_MAX / 4, 0, 0]);
    steerToward(player.x, player.y, PHONE, drawn, 2, out);
    expect([...out]).toEqual([0, 0, 0]);
  });

  it('boosts only when the finger is farther than BOOST_PX', () => {
    steerToward(player.x, player.y + BOOST_PX, PHONE, drawn, 2, out);
    expect(out[2]).toBe(0);
    steerToward(player.x, player.y + BOOST_PX + 1, PHONE, drawn, 2, out);
    expect(out[2]).toBe(BUTTON_BOOST);
  });

  it('follows the player where it is drawn, and steers nobody without a seat', () => {
    const elsewhere = drawnWith(100, 600);
    steerToward(player.x, player.y, PHONE, elsewhere, 2, out);
    expect(out[0]).toBeGreaterThan(0);
    expect(out[1]).toBeLessThan(0);
    out.fill(7);
    expect(steerToward(player.x, player.y, PHONE, drawn, -1, out)).toBe(false);
    expect(steerToward(player.x, player.y, PHONE, drawn, 8, out)).toBe(false);
    expect([...out]).toEqual([7, 7, 7]);
  });

  it('steers seat 0 and seat 7, the first and the last', () => {
    for (const slot of [0, 7]) {
      const mine = new Float64Array(ENTITIES * DRAWN_STRIDE);
      mine.set([640, 200, 1], slot * DRAWN_STRIDE);
      expect(steerToward(player.x + 100, player.y, PHONE, mine, slot, out)).toBe(true);
      expect([...out]).toEqual([STICK_MAX, 0, 0]);
    }
  });
});
