/**
 * What the peer-to-peer pages and their signaling server say to each other over one WebSocket,
 * laid out once for both ends. Text frames are small flat JSON objects: a page joins a match by
 * id with a seat, then hands WebRTC's offer, answer and ICE candidates to a seat of its match
 * through the server. Binary frames are the relay: `[seat u8][type u8][payload]`, where the seat
 * is where a packet goes on the way up and where it came from on the way down. A data channel
 * carries the same packet without the seat: `[type u8][payload]`.
 */

/** Seats a match has unless the server says otherwise: the 2 to 8 players of a rollback match. */
export const DEFAULT_SEATS = 8;
/** Seats a match may have at most: a seat is one byte of a relayed packet. */
export const MAX_SEATS = 256;
/** A match id: 1 to 64 letters, digits, `_` or `-` (what a URL or a lobby can carry as is). */
export const MATCH_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Bytes of a Link message (after its type byte) a page may send by default: one UDP datagram. */
export const DEFAULT_MAX_PACKET_BYTES = 1024;
/** Bytes a relayed packet has before its payload: the seat and the message type. */
export const RELAY_HEADER_BYTES = 2;
/** Bytes of one text frame the server reads by default: an SDP offer is 1 to 4 KB. */
export const DEFAULT_MAX_SIGNAL_BYTES = 16 * 1024;
/**
 * Bytes a page lets its socket or data channel hold unsent before it drops what it sends
 * (counted): a packet late by that much is worth nothing to a fixed-step game.
 */
export const DEFAULT_MAX_BUFFERED = 64 * 1024;

/**
 * Close codes the signaling server uses beside `@loop/net`'s (4400 malformed, 4413 oversize,
 * 4429 flood) and `@loop/net/server`'s 4408 (a join not finished in time): a join refused (a
 * seat out of range, a server with no room for another match, the relay off).
 */
export const CLOSE_REFUSED = 4403;
/** The seat asked for is held by another page of the match. */
export const CLOSE_SEAT_TAKEN = 4409;

/** A page's messages to the server. `to` is a seat of its match, never its own. */
export type ClientMessage =
  | { t: 'join'; match: string; seat: number }
  | { t: 'offer' | 'answer'; to: number; sdp: string }
  | { t: 'candidate'; to: number; candidate: string; mid: string | null }
  | { t: 'relay'; to: number };

/** The server's messages to a page: `from` is the seat that sent what is forwarded. */
export type ServerMessage =
  | { t: 'joined'; seat: number; peers: number[] }
  | { t: 'peer'; seat: number }
  | { t: 'left'; seat: number }
  | { t: 'offer' | 'answer'; from: number; sdp: string }
  | { t: 'candidate'; from: number; candidate: string; mid: string | null }
  | { t: 'relay'; from: number };

/** What a field of a message must be (checked by read-message.ts). */
export type FieldKind = 'seat' | 'match' | 'sdp' | 'candidate' | 'mid' | 'seats';

/** Each message type's fields besides `t`: all required, no others allowed. */
export type MessageSpecs = Readonly<Record<string, Readonly<Record<string, FieldKind>>>>;

/** What a page may send. */
export const CLIENT_SPECS: MessageSpecs = {
  join: { match: 'match', seat: 'seat' },
  offer: { to: 'seat', sdp: 'sdp' },
  answer: { to: 'seat', sdp: 'sdp' },
  candidate: { to: 'seat', candidate: 'candidate', mid: 'mid' },
  relay: { to: 'seat' },
};

/** What the server sends. */
export const SERVER_SPECS: MessageSpecs = {
  joined: { seat: 'seat', peers: 'seats' },
  peer: { seat: 'seat' },
  left: { seat: 'seat' },
  offer: { from: 'seat', sdp: 'sdp' },
  answer: { from: 'seat', sdp: 'sdp' },
  candidate: { from: 'seat', candidate: 'candidate', mid: 'mid' },
  relay: { from: 'seat' },
};
