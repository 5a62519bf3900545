import { Color, PerspectiveCamera, Scene } from 'three';
import { afterEach, describe, expect, it } from 'vitest';
import { Poses } from '../poses.js';
import { threePageView } from './page-view.js';

/**
 * threePageView's default renderer in real Chromium (WebGL through SwiftShader): a WebGLRenderer
 * on the page's canvas, sized in device pixels, rendering the game's scene each frame.
 */

const canvases: HTMLCanvasElement[] = [];
afterEach(() => {
  for (const canvas of canvases.splice(0)) canvas.remove();
});

describe('threePageView in a browser with WebGL', () => {
  it('renders the drawing’s scene on the page’s canvas, its buffer in device pixels', () => {
    const canvas = document.createElement('canvas');
    document.body.append(canvas);
    canvases.push(canvas);
    const scene = new Scene();
    scene.background = new Color(1, 0, 0);
    const camera = new PerspectiveCamera();
    let updates = 0;
    const view = threePageView(() => ({
      scene,
      camera,
      update: () => void updates++,
      frame: (aspect) => {
        camera.aspect = aspect;
      },
    }))(new Poses(1), canvas);
    view.resize({ width: 40, height: 20, pixelWidth: 80, pixelHeight: 40, ratio: 2 });
    expect([canvas.width, canvas.height]).toEqual([80, 40]);
    expect(camera.aspect).toBe(2);
    view.draw(0, { time: 0, dt: 0 });
    expect(updates).toBe(1);
    // The renderer's own context (no other can be had on this canvas): red all over, just drawn.
    const gl = canvas.getContext('webgl2')!;
    expect(gl).not.toBeNull();
    const pixel = new Uint8Array(4);
    gl.readPixels(40, 20, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
    expect([...pixel]).toEqual([255, 0, 0, 255]);
    view.dispose?.();
    expect(document.querySelector('[data-loop-message]')).toBeNull(); // WebGL was there
  });
});
