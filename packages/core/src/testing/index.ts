/**
 * Helpers for testing a game's own code in Node, `@loop/core/testing`: a 2D context that
 * records what a frame drew. An entry of its own so nothing of it reaches a game's bundle.
 *
 * @module @loop/core/testing
 */
export { type DrawCall, recordingContext } from './recording-context.js';
