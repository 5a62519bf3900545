/**
 * `@loop/net`: fixed-step netcode on `@loop/core`, generic over the game's own state and input
 * layouts. This entry is the part both ends share (the wire format, links and the network conditioner) and the page's side. The
 * server's side is in `@loop/net/server`, the Colyseus adapters in `@loop/net/colyseus` and
 * `@loop/net/colyseus-client`, the load test in `@loop/net/bench`.
 *
 * @module @loop/net
 */

export * from './link/index.js';
export * from './page/index.js';
export * from './wire/index.js';
