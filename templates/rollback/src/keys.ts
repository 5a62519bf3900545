import { STICK } from './game';

/** The keys of one player's stick: left, right, up (away, -z), down (+z). */
export interface KeyMap {
  left: string;
  right: string;
  up: string;
  down: string;
}

/** Player 0 on WASD and player 1 on the arrows: two players on one keyboard. */
export const KEYS: readonly KeyMap[] = [
  { left: 'KeyA', right: 'KeyD', up: 'KeyW', down: 'KeyS' },
  { left: 'ArrowLeft', right: 'ArrowRight', up: 'ArrowUp', down: 'ArrowDown' },
];

/**
 * Writes the stick of `map` from the held key codes into `out` at `offset` (x then z, each
 * -STICK, 0 or STICK; opposite keys cancel): the Int32 words a session sends, no allocation.
 */
export function writeStick(held: ReadonlySet<string>, map: KeyMap, out: Int32Array, offset = 0) {
  out[offset] = (held.has(map.right) ? STICK : 0) - (held.has(map.left) ? STICK : 0);
  out[offset + 1] = (held.has(map.down) ? STICK : 0) - (held.has(map.up) ? STICK : 0);
}

/** Key codes held now, kept by the page's keydown/keyup listeners; `stop` removes them. */
export function watchKeys(target: Window) {
  const held = new Set<string>();
  const down = (event: KeyboardEvent) => {
    if (KEYS.some((map) => Object.values(map).includes(event.code))) event.preventDefault();
    held.add(event.code);
  };
  const up = (event: KeyboardEvent) => held.delete(event.code);
  const clear = () => held.clear();
  target.addEventListener('keydown', down);
  target.addEventListener('keyup', up);
  target.addEventListener('blur', clear);
  return {
    held,
    stop() {
      target.removeEventListener('keydown', down);
      target.removeEventListener('keyup', up);
      target.removeEventListener('blur', clear);
    },
  };
}
