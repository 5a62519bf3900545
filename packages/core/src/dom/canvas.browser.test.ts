import { describe, expect, it, onTestFinished } from 'vitest';
import { animationFrames, pageCanvas, setDevicePixelRatio } from '../test-support/browser.js';
import { fitCanvas, pixelRatio, watchCanvas } from './canvas.js';

// The device pixel ratio is changed for real (CDP emulation), and put back after each test.

/** A canvas laid out at `width`×`height` CSS pixels. */
const canvasOf = (width: number, height: number) =>
  pageCanvas(`display:block;width:${width}px;height:${height}px`);

/**
 * Two frames: a layout change made now has been laid out and reported to ResizeObservers by
 * the end of the next frame's rendering, so by the second frame's callbacks.
 */
const frames = () => animationFrames(2);

describe('fitCanvas', () => {
  it('sizes the backing store to CSS size × devicePixelRatio', async () => {
    await setDevicePixelRatio(1.5);
    const canvas = canvasOf(201, 100);
    const size = fitCanvas(canvas);
    expect(size).toEqual({
      width: 201,
      height: 100,
      pixelWidth: 302,
      pixelHeight: 150,
      ratio: 1.5,
    });
    expect([canvas.width, canvas.height]).toEqual([302, 150]);
  });

  it('caps the ratio at maxDpr', async () => {
    await setDevicePixelRatio(3);
    const canvas = canvasOf(200, 100);
    const size = fitCanvas(canvas, { maxDpr: 2 });
    expect(size.ratio).toBe(2);
    expect([canvas.width, canvas.height]).toEqual([400, 200]);
    expect(fitCanvas(canvas, { maxDpr: 4 }).ratio).toBe(3);
    expect(pixelRatio(2)).toBe(2);
  });

  it('writes the same size into out, and does not clear a canvas whose size is unchanged', () => {
    const canvas = canvasOf(20, 10);
    const out = fitCanvas(canvas);
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#ff0000';
    ctx.fillRect(0, 0, 20, 10);
    expect(fitCanvas(canvas, {}, out)).toBe(out);
    // Writing canvas.width, even with the same value, would have cleared it.
    expect(Array.from(ctx.getImageData(5, 5, 1, 1).data)).toEqual([255, 0, 0, 255]);
  });

  it('never sizes the backing store to zero', () => {
    const canvas = canvasOf(0, 0);
    const size = fitCanvas(canvas);
    expect([size.width, size.pixelWidth, canvas.width, canvas.height]).toEqual([0, 1, 1, 1]);
  });

  it('rejects a maxDpr that is not > 0, naming the option', () => {
    const canvas = canvasOf(10, 10);
    expect(() => fitCanvas(canvas, { maxDpr: 0 })).toThrow(/maxDpr.*got 0/);
    expect(() => fitCanvas(canvas, { maxDpr: Number.NaN })).toThrow(RangeError);
    expect(() => watchCanvas(canvas, () => {}, { maxDpr: -1 })).toThrow(/maxDpr/);
  });
});

describe('watchCanvas', () => {
  it('fits at once, follows layout changes, and stops after dispose', async () => {
    await setDevicePixelRatio(2);
    const canvas = canvasOf(100, 50);
    const seen: number[][] = [];
    const dispose = watchCanvas(canvas, (s) => seen.push([s.width, s.pixelWidth, s.ratio]), {
      maxDpr: 2,
    });
    onTestFinished(dispose);
    // Fitted before any frame, so the first frame draws at the right size.
    expect(seen).toEqual([[100, 200, 2]]);
    expect(canvas.width).toBe(200);

    await frames();
    expect(seen).toHaveLength(1); // the observer's first report changes nothing: no call

    canvas.style.width = '150px';
    await frames();
    expect(seen.at(-1)).toEqual([150, 300, 2]);
    expect(canvas.width).toBe(300);

    dispose();
    const calls = seen.length;
    canvas.style.width = '70px';
    await frames();
    expect(seen).toHaveLength(calls);
    expect(canvas.width).toBe(300);
  });

  it('follows real changes of the device pixel ratio, and none after dispose', async () => {
    const canvas = canvasOf(100, 50);
    const seen: number[][] = [];
    const dispose = watchCanvas(canvas, (s) => seen.push([s.pixelWidth, s.pixelHeight, s.ratio]));
    onTestFinished(dispose);
    expect(seen).toEqual([[100, 50, 1]]);
    // setDevicePixelRatio resolves once the media queries of the old ratio have fired.
    await setDevicePixelRatio(2);
    expect(seen).toEqual([
      [100, 50, 1],
      [200, 100, 2],
    ]);
    await setDevicePixelRatio(1.5); // a second change: the query was replaced for the new ratio
    expect(seen.at(-1)).toEqual([150, 75, 1.5]);
    expect(canvas.width).toBe(150);

    dispose();
    await setDevicePixelRatio(3);
    await frames();
    expect(seen).toHaveLength(3);
    expect(canvas.width).toBe(150);
  });
});
