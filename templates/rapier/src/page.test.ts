import { Poses } from '@loop/rapier';
import { describe, expect, it, vi } from 'vitest';
import { BOXES, draw, gameOptions, KEYFRAME_SECONDS, pickedFile, SIMULATION_HZ } from './page';
import { View } from './scene';

describe('the page’s shared parts', () => {
  it('takes the picked file and clears the picker, so the same file picked again loads again', () => {
    const file = new File([], 'a.looprec');
    const picker = { files: [file], value: 'C:\\fakepath\\a.looprec' };
    expect(pickedFile(picker as unknown as HTMLInputElement)).toBe(file);
    expect(picker.value).toBe('');
    const empty = { files: null, value: 'x' };
    expect(pickedFile(empty as unknown as HTMLInputElement)).toBeUndefined();
    expect(empty.value).toBe('');
  });

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
