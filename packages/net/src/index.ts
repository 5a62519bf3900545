/**
 * `@loop/net`: fixed-step netcode on `@loop/core`, generic over the game's own state and input
 * layouts. This entry is the part both ends share and the page's side: the wire format. The
 * server's side is in `@loop/net/server`, the Colyseus adapters in `@loop/net/colyseus` and
 * `@loop/net/colyseus-client`, the load test in `@loop/net/bench`.
 *
 * @module @loop/net
 */
export * from './wire/index.js';
