import { NO_SLOT } from '@loop/net';
import { letterbox } from '@loop/net/dom';
import { describe, expect, it } from 'vitest';
import { HEIGHT, WIDTH } from '../shared/arena';
import { BUTTON_BOOST, STICK_MAX } from '../shared/input';
import { setup } from '../test-support/link';
import { ghostOf, type SteerInput, steerFrom, wantsTrace } from './arena-page';
import { BOOST_PX, FULL_STICK_PX } from './touch-steer';

/** A desktop window the arena fills exactly (scale 1, no bars), so screen and arena agree. */
const VIEW = { width: WIDTH, height: HEIGHT, ratio: 1 };

/** A step's input with `held` keys down and, when `finger` is given, one pointer there. */
function keysOf(held: string[], finger?: { x: number; y: number }): SteerInput {
  const down = new Set(held);
  return {
    isDown: (code: string) => down.has(code),
    wasPressed: () => false,
    pointer: {
      x: finger?.x ?? 0,
      y: finger?.y ?? 0,
      down: finger !== undefined,
      pressed: false,
      released: false,
      count: finger ? 1 : 0,
    },
  };
}

/** A client seated in seat 0 whose player is drawn at arena (x, y), and its input as numbers. */
function clientAt(x: number, y: number) {
  const { client, pong, snapshot } = setup();
  pong(0, 0);
  snapshot(-1, 0, 0);
  client.update();
  expect(client.predictor.slot).toBe(0);
  client.drawn[0] = x;
  client.drawn[1] = y;
  client.drawn[2] = 1;
  return { client, input: () => [...client.input.subarray(0, 3)] };
}

describe('steerFrom: the keys and the finger into the client input', () => {
  it('gives each arrow and WASD key full stick on its axis, and opposite keys cancel', () => {
    const { client, input } = clientAt(100, 100);
    const cases: [string[], number[]][] = [
      [['KeyD'], [STICK_MAX, 0, 0]],
      [['ArrowRight'], [STICK_MAX, 0, 0]],
      [['KeyA'], [-STICK_MAX, 0, 0]],
      [['ArrowLeft'], [-STICK_MAX, 0, 0]],
      [['KeyS'], [0, STICK_MAX, 0]],
      [['ArrowDown'], [0, STICK_MAX, 0]],
      [['KeyW'], [0, -STICK_MAX, 0]],
      [['ArrowUp'], [0, -STICK_MAX, 0]],
      [
        ['KeyW', 'KeyD'],
        [STICK_MAX, -STICK_MAX, 0],
      ],
      [
        ['KeyA', 'KeyD'],
        [0, 0, 0],
      ],
      [[], [0, 0, 0]],
    ];
    for (const [held, expected] of cases) {
      steerFrom(keysOf(held), client, VIEW);
      expect(input(), held.join('+') || 'nothing held').toEqual(expected);
    }
  });

  it('boosts with either Shift, keys or not', () => {
    const { client, input } = clientAt(100, 100);
    steerFrom(keysOf(['ShiftLeft']), client, VIEW);
    expect(input()).toEqual([0, 0, BUTTON_BOOST]);
    steerFrom(keysOf(['ShiftRight', 'KeyA']), client, VIEW);
    expect(input()).toEqual([-STICK_MAX, 0, BUTTON_BOOST]);
    steerFrom(keysOf(['KeyA']), client, VIEW);
    expect(input()).toEqual([-STICK_MAX, 0, 0]);
  });

  it('heads for a held finger when no key steers, boosting only when far', () => {
    const { client, input } = clientAt(400, 300);
    // The arena fills the view: a finger FULL_STICK_PX to the right is full stick right.
    steerFrom(keysOf([], { x: 400 + FULL_STICK_PX, y: 300 }), client, VIEW);
    expect(input()).toEqual([STICK_MAX, 0, 0]);
    steerFrom(keysOf([], { x: 400, y: 300 + BOOST_PX + 10 }), client, VIEW);
    expect(input()).toEqual([0, STICK_MAX, BUTTON_BOOST]);
    // Shift's boost joins the finger's steering.
    steerFrom(keysOf(['ShiftLeft'], { x: 400 - FULL_STICK_PX, y: 300 }), client, VIEW);
    expect(input()).toEqual([-STICK_MAX, 0, BUTTON_BOOST]);
  });

  it('lets a key win over the finger, and centres the stick with neither', () => {
    const { client, input } = clientAt(400, 300);
    steerFrom(keysOf(['KeyW'], { x: 400 + FULL_STICK_PX, y: 300 }), client, VIEW);
    expect(input()).toEqual([0, -STICK_MAX, 0]);
    steerFrom(keysOf([], { x: 400 + FULL_STICK_PX, y: 300 }), client, VIEW);
    expect(input()).toEqual([STICK_MAX, 0, 0]);
    steerFrom(keysOf([]), client, VIEW);
    expect(input()).toEqual([0, 0, 0]);
  });

  it('leaves the stick centred for a finger before the client has a seat', () => {
    const { client } = setup();
    expect(client.predictor.slot).toBe(NO_SLOT);
    steerFrom(keysOf([], { x: 500, y: 300 }), client, VIEW);
    expect([...client.input.subarray(0, 3)]).toEqual([0, 0, 0]);
    steerFrom(keysOf(['ShiftLeft'], { x: 500, y: 300 }), client, VIEW);
    expect([...client.input.subarray(0, 3)]).toEqual([0, 0, BUTTON_BOOST]);
  });

  it('reads the view: the same finger on a letterboxed phone means what the drawing shows', () => {
    const { client, input } = clientAt(400, 300);
    const phone = { width: 390, height: 844, ratio: 3 };
    const box = new Float64Array(3);
    letterbox(phone, WIDTH, HEIGHT, box);
    const [scale, left, top] = box as unknown as [number, number, number];
    const player = { x: left + 400 * scale, y: top + 300 * scale };
    steerFrom(keysOf([], { x: player.x, y: player.y - FULL_STICK_PX }), client, phone);
    expect(input()).toEqual([0, -STICK_MAX, 0]);
  });
});

describe('ghostOf: the snapshot outlined under your player', () => {
  it('is the newest snapshot while prediction is on, and none with it off', () => {
    const { client, pong, snapshot } = setup();
    pong(0, 0);
    snapshot(-1, 0);
    client.update();
    expect(client.latest).toBeDefined();
    expect(ghostOf(client)).toBe(client.latest);
    client.predict = false;
    expect(ghostOf(client)).toBeUndefined();
    client.predict = true;
    expect(ghostOf(client)).toBe(client.latest);
  });
});

describe('wantsTrace: ?trace in the address', () => {
  it('is true for ?trace with or without a value, among other parameters, and false otherwise', () => {
    expect(wantsTrace('?trace')).toBe(true);
    expect(wantsTrace('?trace=1')).toBe(true);
    expect(wantsTrace('?net=bad&trace')).toBe(true);
    expect(wantsTrace('')).toBe(false);
    expect(wantsTrace('?net=bad')).toBe(false);
    expect(wantsTrace('?tracer')).toBe(false);
  });
});
