/**
 * `@loop/net/colyseus`: @loop/net on Colyseus 0.16. The rooms: `FixedStepRoom` plugs the
 * transport-free room driver of `@loop/net/server` into a Colyseus room behind the message gate
 * (every frame read before Colyseus decodes it), with join options checked in `onAuth`,
 * reconnection and disposal when nobody joins. The hosting: `startServer` with the matchmaking
 * route's limits (origins, body size, rooms per client and per process), the operators' routes
 * on a loopback port of their own, the built page, and clusters over Redis. `@colyseus/core`
 * is an optional peer: only this entry needs it.
 *
 * @module @loop/net/colyseus
 */
// Hosting: startServer, matchmaking, the creation gate, operators' routes, processes (host/).
export * from './host/index.js';
// Rooms: the fixed-step room on the transport-free driver, the guarded room, the message gate (room/).
export * from './room/index.js';
