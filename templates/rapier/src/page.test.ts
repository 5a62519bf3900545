import { Poses } from '@loop/rapier';
import { describe, expect, it, vi } from 'vitest';
import { BOXES, draw, gameOptions, KEYFRAME_SECONDS, SIMULATION_HZ } from './page';
import { View } from './scene';

describe('the page’s shared parts', () => {
  it('makes both modes’ games alike: the pile, the step and the keyframes', () => {
    expect(gameOptions()).toEqual({
      boxes: BOXES,
      timestep: 1000 / SIMULATION_HZ,
      keyframeSeconds: KEYFRAME_SECONDS,
    });
  });

  it('draws the view’s scene through its camera, and nothing without WebGL', () => {
    const view = new View(new Poses(2));
    const render = vi.fn();
    draw({ render } as never, view);
    expect(render).toHaveBeenCalledWith(view.scene, view.camera);
    expect(() => draw(null, view)).not.toThrow();
  });
});
