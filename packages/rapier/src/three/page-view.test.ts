import { Scene } from 'three';
import { describe, expect, it, vi } from 'vitest';
import { Poses } from '../poses.js';
import { ChaseCamera } from './chase-camera.js';
import { type RendererLike, type ThreeDrawing, threePageView } from './page-view.js';

/** A drawing that follows the poses with a chase camera and keeps what it was asked. */
function drawing() {
  const chase = new ChaseCamera({ height: 7, distance: 11 });
  const calls: [number, number][] = [];
  const made: ThreeDrawing & { calls: typeof calls } = {
    scene: new Scene(),
    camera: chase.camera,
    calls,
    update: (alpha, frame) => void calls.push([alpha, frame.time]),
    frame: (aspect) => chase.frame(aspect),
  };
  return made;
}

/** A stand-in for three's WebGLRenderer (Node has no WebGL): what the view calls. */
function renderer() {
  return { setSize: vi.fn(), render: vi.fn(), dispose: vi.fn() } satisfies RendererLike;
}

const canvas = {} as HTMLCanvasElement;

describe('threePageView', () => {
  it('makes the drawing for the mode’s poses and the renderer on the page’s canvas', () => {
    const poses = new Poses(2);
    const made = drawing();
    const gl = renderer();
    const make = vi.fn(() => made);
    const on = vi.fn(() => gl);
    threePageView(make, { renderer: on })(poses, canvas);
    expect(make).toHaveBeenCalledWith(poses);
    expect(on).toHaveBeenCalledWith(canvas);
  });

  it('updates the drawing, then renders its scene through its camera, each frame', () => {
    const made = drawing();
    const gl = renderer();
    gl.render.mockImplementation(() => expect(made.calls).toHaveLength(1));
    const view = threePageView(() => made, { renderer: () => gl })(new Poses(2), canvas);
    view.draw(0.25, { time: 3, dt: 1 / 60 });
    expect(made.calls).toEqual([[0.25, 3]]);
    expect(gl.render).toHaveBeenCalledExactlyOnceWith(made.scene, made.camera);
    view.dispose?.();
    expect(gl.dispose).toHaveBeenCalledOnce();
  });

  it('sizes the drawing buffer in device pixels, leaves the CSS size alone, and sets the aspect', () => {
    const made = drawing();
    const gl = renderer();
    const view = threePageView(() => made, { renderer: () => gl })(new Poses(2), canvas);
    const size = { width: 400, height: 300, pixelWidth: 800, pixelHeight: 600, ratio: 2 };
    view.resize(size);
    expect(gl.setSize).toHaveBeenCalledWith(800, 600, false);
    expect((made.camera as ChaseCamera['camera']).aspect).toBeCloseTo(4 / 3, 12);
    // No renderer (no WebGL) and a canvas not laid out yet: the camera still gets an aspect.
    const bare = threePageView(() => made, { renderer: () => null })(new Poses(2), canvas);
    bare.resize({ ...size, height: 0 });
    expect((made.camera as ChaseCamera['camera']).aspect).toBe(400);
    bare.draw(1, { time: 0, dt: 0 });
    bare.dispose?.();
    expect(made.calls).toEqual([[1, 0]]); // undrawn, still updated
  });

  it('draws nothing where there is no WebGL (Node) and still updates the drawing', () => {
    const made = drawing();
    const view = threePageView(() => made)(new Poses(2), canvas);
    view.resize({ width: 2, height: 1, pixelWidth: 2, pixelHeight: 1, ratio: 1 });
    view.draw(0.5, { time: 1, dt: 1 });
    view.dispose?.();
    expect(made.calls).toEqual([[0.5, 1]]);
    expect((made.camera as ChaseCamera['camera']).aspect).toBe(2);
  });

  it('refuses a drawing maker that is no function, naming it', () => {
    expect(() => threePageView(3 as never)).toThrow(
      new RangeError('threePageView make must be a function, got 3'),
    );
  });
});
