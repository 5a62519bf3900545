import type { RoomLinkState } from '../colyseus-client/room-link.js';
import { Conditioner } from '../link/conditioner.js';
import type { Link } from '../link/link.js';
import type { PathSettings } from '../link/path.js';
import type { NetSwitches } from '../page/net-switches.js';

/**
 * The bad network of a demo's N key: 150 ± 30 ms of round trip and 5 % loss, both ways (each
 * direction half the latency). Switched on, it shows what prediction and interpolation buy.
 */
export const BAD_NETWORK: Readonly<PathSettings> = {
  latency: 75,
  jitter: 15,
  loss: 0.05,
  reorder: 0,
};

/**
 * A page's {@link Conditioner} over `link`, set from its URL for demos and tests: `?net=bad`
 * starts with `bad` on (default {@link BAD_NETWORK}, both ways), `seed=N` seeds its draws so a
 * run replays (default the time). Off otherwise, so it costs a pass-through.
 */
export function conditionerFromUrl(
  link: Link,
  params: URLSearchParams,
  bad: Readonly<PathSettings> = BAD_NETWORK,
): Conditioner {
  const seed = Number(params.get('seed')) || Date.now();
  const conditioner = new Conditioner(link, { up: { ...bad }, down: { ...bad }, seed });
  conditioner.enabled = params.get('net') === 'bad';
  return conditioner;
}

/** The keys as `@loop/core/dom`'s input sample gives them: what the helpers below read. */
export interface Keys {
  isDown(code: string): boolean;
  wasPressed(code: string): boolean;
}

/**
 * Presses every switch of `switches` whose key went down this frame (prediction, interpolation,
 * the conditioner): one call in a page's update. No allocation.
 */
export function pressSwitchKeys(switches: NetSwitches, keys: Keys): void {
  const codes = switches.codes;
  for (let i = 0; i < codes.length; i++) if (keys.wasPressed(codes[i]!)) switches.press(codes[i]!);
}

/**
 * −1, 0 or 1 from two pairs of keys (`plus` or `alt` against `minus` or `altMinus`: WASD and the
 * arrows), so both held cancel out. A stick's axis from a keyboard.
 */
export function keyAxis(
  keys: Keys,
  plus: string,
  alt: string,
  minus: string,
  altMinus: string,
): number {
  const up = keys.isDown(plus) || keys.isDown(alt) ? 1 : 0;
  return up - (keys.isDown(minus) || keys.isDown(altMinus) ? 1 : 0);
}

/**
 * What a page's status line says of its link (`joinLink`'s `onState`): a dropped connection is
 * rejoining its seat (the room keeps it for its reconnection window), is back in `seat` (0-based,
 * shown from 1), or is closed for good with `code`, when only a reload joins again.
 */
export function linkStatus(state: RoomLinkState, code: number, seat: number): string {
  if (state === 'reconnecting') return 'Connection lost: reconnecting…';
  if (state === 'open') return `Reconnected to seat ${seat + 1}`;
  return `Disconnected (${code}). Reload to join again.`;
}
