import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import type { NetGame } from '../../server/net-game.js';
import type { RoomOptions } from '../../server/room-options.js';
import { type TestState, testGame } from '../../server/test-game.js';
import { RoomHarness } from '../../testing/room-harness.js';
import { type FixedStepRoom, fixedStepRoom } from './fixed-step-room.js';

export { until } from '../../testing/until.js';

/** The test game's room, as the harness defines it. */
export type TestRoom = FixedStepRoom<TestState>;

/** The name the harness defines the test game's room under. */
export const ROOM = 'test';

/** The package's own rooms' tests on `@loop/net/testing`'s harness. */
export type Harness = RoomHarness<TestRoom>;

/**
 * Test support (not code under test): `@loop/net/testing`'s {@link RoomHarness} over a bare
 * Colyseus 0.16 server on a free loopback port whose one room type is the test game's
 * {@link fixedStepRoom}, with `options` (no matchmaking routes: the rooms alone).
 */
export const Harness = {
  start(options: RoomOptions = {}): Promise<Harness> {
    return harnessFor<TestState>(testGame, options);
  },
};

/** {@link Harness} over any game's fixed-step room, defined under {@link ROOM}. */
export function harnessFor<State>(
  game: NetGame<State>,
  options: RoomOptions = {},
): Promise<RoomHarness<FixedStepRoom<State>>> {
  return RoomHarness.start<FixedStepRoom<State>>({
    room: ROOM,
    tickRate: game.wire.tickRate,
    async start(clock) {
      const http: HttpServer = createServer();
      const server = new Server({
        transport: new WebSocketTransport({ server: http }),
        greet: false,
        gracefullyShutdown: false,
      });
      server.define(ROOM, fixedStepRoom(game, { ...clock, ...options }));
      await server.listen(0, '127.0.0.1');
      const port = (http.address() as AddressInfo).port;
      return { server, port, stop: () => server.gracefullyShutdown(false) };
    },
  });
}
