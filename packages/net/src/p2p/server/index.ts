/**
 * `@loop/net/p2p-server`: the signaling server and WebSocket relay for `@loop/net/p2p`'s pages,
 * on the `ws` package (an optional peer). Node only; the pages' side is `@loop/net/p2p`.
 *
 * @module @loop/net/p2p-server
 */
export {
  type ResolvedSignalServerOptions,
  resolveSignalServerOptions,
  type SignalServerOptions,
} from './server-options.js';
export { createSignalServer, type SignalServer, type SignalServerCounts } from './signal-server.js';
export { TokenBucket } from './token-bucket.js';
