/**
 * `@loop/net`: fixed-step netcode on `@loop/core`, generic over the game's own state and input
 * layouts. This entry is the part both ends share (the wire format, links and the network conditioner) and the page's side. The
 * server's side is in `@loop/net/server`, the Colyseus adapters in `@loop/net/colyseus` and
 * `@loop/net/colyseus-client`, the load test in `@loop/net/bench`, the page's layout and demo
 * wiring in `@loop/net/dom`, Vite's dev server and a game's scripts in `@loop/net/vite`, and a
 * game's own tests' harness in `@loop/net/testing`.
 *
 * @module @loop/net
 */

export * from './link/index.js';
export * from './page/index.js';
export * from './wire/index.js';
