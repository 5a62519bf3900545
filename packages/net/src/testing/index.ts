/**
 * `@loop/net/testing`: what a Colyseus game's own tests stand on, in Node. Its real server on
 * loopback with rooms that step on the test's clock ({@link RoomHarness}), real colyseus.js
 * clients, a link that counts messages so a test knows none is in flight, and a wait for
 * messages that arrive in their own time. No mocks: the game's tests stay short and real.
 *
 * @module @loop/net/testing
 */
export { CountingLink } from './counting-link.js';
export {
  type PumpedLink,
  playSession,
  type SessionClient,
  type SessionNetClient,
  type SessionOptions,
  type SessionRoom,
} from './play-session.js';
export {
  type HarnessClock,
  type HarnessServer,
  RoomHarness,
  type RoomHarnessOptions,
  type SteppedRoom,
} from './room-harness.js';
export { until } from './until.js';
