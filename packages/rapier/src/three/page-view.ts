import { requireWebGL } from '@loop/core/dom';
import { type Camera, type Object3D, WebGLRenderer } from 'three';
import type { PageView } from '../dom/page-modes.js';
import type { DrawnPoses } from '../drawn-poses.js';
import type { FrameTime } from '../frame-time.js';

/** What a three.js game draws: its scene and camera, moved to each frame's blended poses. */
export interface ThreeDrawing {
  /** What is rendered. */
  readonly scene: Object3D;
  /** What it is seen through. */
  readonly camera: Camera;
  /** Moves what is drawn to the poses blended for this frame (`poses.blend(alpha)` was called). */
  update(alpha: number, frame: FrameTime): void;
  /** Fits the camera to a canvas of `aspect` (width / height), always above 0. */
  frame(aspect: number): void;
}

/** The part of three's `WebGLRenderer` a page view uses: a stand-in can take its place in a test. */
export interface RendererLike {
  setSize(width: number, height: number, updateStyle: boolean): void;
  render(scene: Object3D, camera: Camera): void;
  dispose(): void;
}

/** Options of {@link threePageView}. */
export interface ThreePageViewOptions {
  /**
   * Makes the renderer on the page's canvas, or null to draw nothing. Default a `WebGLRenderer`
   * with antialiasing where `requireWebGL()` of @loop/core/dom finds WebGL, else null.
   */
  readonly renderer?: (canvas: HTMLCanvasElement) => RendererLike | null;
}

/** The default renderer: WebGL where the browser gives it; elsewhere the page says so. */
function webglRenderer(canvas: HTMLCanvasElement): RendererLike | null {
  return requireWebGL() ? new WebGLRenderer({ canvas, antialias: true }) : null;
}

/**
 * `startRapierPage`'s `view` for a three.js game, the part of every such page that is not the
 * game: a renderer on the page's canvas, the game's drawing made for the poses of the mode
 * (`make`), updated and rendered each frame, the drawing buffer sized in device pixels (the CSS
 * size left alone) and the camera's aspect fitted when the canvas changes, the renderer freed
 * with the page. Where WebGL cannot start the page says so (`requireWebGL`) and the simulation,
 * its overlay and replays run on undrawn, the drawing still updated.
 *
 * @example
 * startRapierPage({ ...options, view: threePageView((poses) => new View(poses)) });
 */
export function threePageView(
  make: (poses: DrawnPoses) => ThreeDrawing,
  options: ThreePageViewOptions = {},
): (poses: DrawnPoses, canvas: HTMLCanvasElement) => PageView {
  if (typeof make !== 'function') {
    throw new RangeError(`threePageView make must be a function, got ${String(make)}`);
  }
  const renderer = options.renderer ?? webglRenderer;
  return (poses, canvas) => {
    const drawn = renderer(canvas);
    const drawing = make(poses);
    return {
      draw(alpha, frame) {
        drawing.update(alpha, frame);
        drawn?.render(drawing.scene, drawing.camera);
      },
      resize(size) {
        drawn?.setSize(size.pixelWidth, size.pixelHeight, false);
        // A canvas not laid out yet (height 0) still gets an aspect: its width.
        drawing.frame(size.width / Math.max(1, size.height));
      },
      dispose: () => drawn?.dispose(),
    };
  };
}
