/**
 * Close codes the room gives beside protocol.ts's (which a page reads), and the one way it
 * writes a close reason: WebSocket limits a reason to 123 bytes of UTF-8, and `ws` throws on a
 * longer one (inside a socket listener, where a throw ends the process), so every reason passes
 * through {@link closeReason} and none carries a client's text.
 */

/** A client that joined but never acknowledged its join within the room's `joinSeconds`. */
export const CLOSE_JOIN_TIMEOUT = 4408;
/** The room failed on a client's message (a bug, not the client's): the client alone is cut. */
export const CLOSE_ERROR = 4500;
/** The most bytes a close reason may have (RFC 6455: a control frame's 125, less the code). */
export const MAX_REASON_BYTES = 123;

const encoder = new TextEncoder();

/** `reason` cut to at most {@link MAX_REASON_BYTES} bytes of UTF-8 (a pair cut in half encodes as U+FFFD). */
export function closeReason(reason: string): string {
  // A character at a time: the room's reasons are short sentences of its own, cut only if a
  // longer one is ever written.
  let cut = reason;
  while (encoder.encode(cut).byteLength > MAX_REASON_BYTES) cut = cut.slice(0, -1);
  return cut;
}
