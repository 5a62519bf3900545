/**
 * The page side's toy game (page/test-game.ts) declared to the room side: the same simulation on
 * both ends, for tests that run a page's NetClient against a room. Test support, not code under test.
 */
import { hashNumbers } from '@loop/core/replay';
import { toyWire } from '../page/test-client.js';
import { decodeToy, encodeToy, SEATS, SnapshotFrame, ToyWorld } from '../page/test-game.js';
import type { NetGame } from './net-game.js';

const frame = new SnapshotFrame(toyWire.snapshotBodyBytes);
const reader = new SnapshotFrame(toyWire.snapshotBodyBytes);
const header = { tick: 0, ack: 0, missed: 0, slot: 0 };

/** The page side's toy game, declared to the room side: the same simulation on both ends. */
export const toyGame: NetGame<ToyWorld> = {
  wire: toyWire,
  maxPlayers: SEATS,
  build: 'toy-1',
  create: (seed) => new ToyWorld(seed),
  join: () => {},
  leave: () => {},
  inputsOf: (world) => world.inputs,
  step: (world) => world.step(),
  encode: (world) => {
    encodeToy(frame, world);
    return frame;
  },
  decode: (bytes, world) => {
    if (!reader.read(bytes, header)) return false;
    decodeToy(reader, world, header.tick);
    return true;
  },
  hash: (world) => hashNumbers(world.state),
};
