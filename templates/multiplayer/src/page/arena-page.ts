import type { InputSnapshot } from '@loop/core/dom';
import { keyAxis, type View } from '@loop/net/dom';
import type { ArenaClient } from '../client/arena-client';
import { BUTTON_BOOST, STICK_MAX } from '../shared/input';
import type { World } from '../shared/world';
import { steerToward } from './touch-steer';

/** The stick and buttons a held finger gives (touch-steer.ts), rewritten each step. */
const steer = new Float64Array(3);

/** What the steering reads of a step's input: the keys and the pointer. */
export type SteerInput = Pick<InputSnapshot, 'isDown' | 'wasPressed' | 'pointer'>;

/**
 * This step's keys and pointer into the client's input (startNetPage's `steer`): WASD or the
 * arrows give the stick at full deflection, Shift boosts; with no arrow held, a held finger (or
 * mouse button) heads your player for it ({@link steerToward}), boosting when far; else the
 * stick is centred. Allocates nothing.
 */
export function steerFrom(keys: SteerInput, client: ArenaClient, view: View): void {
  const x = keyAxis(keys, 'KeyD', 'ArrowRight', 'KeyA', 'ArrowLeft');
  const y = keyAxis(keys, 'KeyS', 'ArrowDown', 'KeyW', 'ArrowUp');
  const boost = keys.isDown('ShiftLeft') || keys.isDown('ShiftRight') ? BUTTON_BOOST : 0;
  const p = keys.pointer;
  if (x === 0 && y === 0 && p.count > 0) {
    if (steerToward(p.x, p.y, view, client.drawn, client.predictor.slot, steer)) {
      client.setInput(steer[0]!, steer[1]!, boost | steer[2]!);
      return;
    }
  }
  client.setInput(x * STICK_MAX, y * STICK_MAX, boost);
}

/**
 * The snapshot to outline under your player (drawArena's `ghost`): the newest one while
 * prediction is on, so the distance between the two is what prediction hides; none with it off
 * (P), when your player is drawn from the snapshots like everyone else.
 */
export function ghostOf(client: ArenaClient): World | undefined {
  return client.predict ? client.latest : undefined;
}

/**
 * Whether the page's address asks for `?trace`: every frame recorded (window.arenaTrace,
 * @loop/net/dom's FrameTrace) for the tests and for bug reports. `search` is `location.search`.
 */
export function wantsTrace(search: string): boolean {
  return new URLSearchParams(search).has('trace');
}
