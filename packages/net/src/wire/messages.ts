/**
 * The messages every game on `@loop/net` exchanges besides its snapshots, and the codes a server
 * closes a connection with. Every message is raw bytes (Colyseus's `room.sendBytes`, or any
 * {@link Link}), little-endian throughout, laid out once here for both ends.
 */

/** Message types, numbers so they cost one byte: a page's inputs, to the server. */
export const MSG_INPUT = 1;
/** A page's ping: its send time (f64 ms), echoed back in a {@link MSG_PONG}. */
export const MSG_PING = 2;
/** The server's snapshot: the framing header (snapshot-frame.ts), then the game's body. */
export const MSG_SNAPSHOT = 3;
/** The server's answer to a ping: the page's send time, then the server's time (f64 ms each). */
export const MSG_PONG = 4;

/** Ping payload: the client's send time as f64 ms. */
export const PING_BYTES = 8;
/** Pong payload: the client's send time, then the server's time, as f64 ms. */
export const PONG_BYTES = 16;

/**
 * Close codes (4000–4999 are the application's), so a page can tell the user why it was dropped:
 * an input message larger than the wire allows.
 */
export const CLOSE_OVERSIZE = 4413;
/** Too many malformed messages ({@link MAX_STRIKES}). */
export const CLOSE_MALFORMED = 4400;
/** More messages than its budget allows, for long. */
export const CLOSE_FLOOD = 4429;
/** Malformed messages a client may send before it is disconnected with {@link CLOSE_MALFORMED}. */
export const MAX_STRIKES = 10;

/** The input message's header: the newest input's tick (u32) and the count of inputs (u8). */
export const INPUT_HEADER_BYTES = 5;
