/**
 * Record and replay, `@loop/core/replay`: with a fixed timestep a session is its starting state
 * and the input of each tick, so a `Recorder` keeps keyframes and one row per tick, a
 * `Playback` gives the ticks back to the game's own update, and `hashNumbers` proves each
 * replayed state equal to the recorded one. An entry of its own so a game that never records
 * ships none of it. The input rows are the `InputSnapshot`s of `@loop/core/dom`.
 *
 * @module @loop/core/replay
 */

export { RecordingError } from './error.js';
export { hashNumbers } from './hash.js';
export { InstantReplay, type Replayable, type ReplayPhase } from './instant.js';
export type { InstantReplayOptions } from './instant-options.js';
export { Playback, replayAll } from './playback.js';
export { Recorder, type RecorderOptions } from './recorder.js';
export { Recording, type RecordingParts } from './recording.js';
