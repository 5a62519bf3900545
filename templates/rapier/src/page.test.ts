import { describe, expect, it } from 'vitest';
import { BOXES, gameOptions, KEYFRAME_SECONDS, SIMULATION_HZ } from './page';

describe('the page’s settings', () => {
  it('make both modes’ games alike: the pile, the step and the keyframes', () => {
    expect(gameOptions()).toEqual({
      boxes: BOXES,
      timestep: 1000 / SIMULATION_HZ,
      keyframeSeconds: KEYFRAME_SECONDS,
    });
  });
});
