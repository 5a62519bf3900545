/**
 * What a frame's drawing reads of the loop: simulated seconds of the step before, and the step in
 * seconds (`LoopState` has both; worker mode fills one from its snapshot). The frame's own time
 * is `time + alpha * dt`, computed where it is used: passing the two keeps a call from boxing a
 * computed number every frame.
 */
export interface FrameTime {
  readonly time: number;
  readonly dt: number;
}
