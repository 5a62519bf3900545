/**
 * `@loop/net/p2p`: the page's side of peer-to-peer play. {@link joinMatch} seats a page in a
 * match through a signaling server (`@loop/net/p2p-server`) and gives it a {@link PeerLink} to
 * every other page: a WebRTC data channel, unreliable and unordered, or the server's WebSocket
 * relay when the channel does not open in time (or always, by option). Each link is a `Link`,
 * so anything written for one (a rollback session, a conditioner around it) runs over it as
 * over an in-memory pair. The same code runs in Node with node-datachannel's RTCPeerConnection
 * and the `ws` package's WebSocket passed in. No server code here: the server's entry is its own.
 *
 * @module @loop/net/p2p
 */
export {
  type MeshOptions,
  type PeerConnectionConstructor,
  type RelayMode,
  type ResolvedMeshOptions,
  resolveMeshOptions,
  type SocketConstructor,
} from './mesh-options.js';
export { PeerLink, type PeerLinkCounts, type Route, type SignalPort } from './peer-link.js';
export { joinMatch, type MeshClose, PeerMesh } from './peer-mesh.js';
export {
  CLIENT_SPECS,
  CLOSE_REFUSED,
  CLOSE_SEAT_TAKEN,
  type ClientMessage,
  DEFAULT_MAX_BUFFERED,
  DEFAULT_MAX_PACKET_BYTES,
  DEFAULT_MAX_SIGNAL_BYTES,
  DEFAULT_SEATS,
  type FieldKind,
  MATCH_ID,
  MAX_SEATS,
  type MessageSpecs,
  RELAY_HEADER_BYTES,
  SERVER_SPECS,
  type ServerMessage,
} from './protocol.js';
export {
  depthWithin,
  MAX_CANDIDATE_CHARS,
  MAX_DEPTH,
  MAX_MID_CHARS,
  type Refusal,
  readMessage,
  type Verdict,
} from './read-message.js';
