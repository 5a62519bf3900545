import type { BenchGame } from '@loop/net/bench';
import { MAX_PLAYERS } from '../shared/arena';
import { STICK_MAX } from '../shared/input';
import { wire } from '../shared/protocol';

/**
 * The arena under @loop/net's load test: its wire, and bots that steer in slow circles (each
 * from its own phase) so bodies meet and the simulation does real work. Everything else (the
 * bots, /stats, the report) is the package's.
 */
export const arenaBench: BenchGame = {
  wire,
  steer(inputs, at, tick, seed) {
    const angle = seed + tick / 90;
    inputs[at] = Math.round(Math.cos(angle) * STICK_MAX);
    inputs[at + 1] = Math.round(Math.sin(angle) * STICK_MAX);
    inputs[at + 2] = 0;
  },
};

/**
 * The arena as @loop/net's load test plays it: bots of {@link arenaBench} in `'arena'` rooms of
 * up to MAX_PLAYERS (`perRoom` is checked against it): what `npm run bench:load` and
 * `bench:rooms` (scripts/game.mjs load) play, and the load test's own test.
 */
export const load = { game: arenaBench, roomName: 'arena', maxPlayers: MAX_PLAYERS };
