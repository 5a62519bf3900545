import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { animationFrames, pageCanvas, setDevicePixelRatio } from '../test-support/browser.js';
import { canvasSize, fitCanvas, pixelRatio, watchCanvas } from './canvas.js';

// The device pixel ratio is changed for real (CDP emulation), and put back after each test.
// Where a test needs what a browser never has, it stubs a global of the window for itself.
afterEach(() => {
  vi.unstubAllGlobals();
});

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

  it('fits into the zeroed size canvasSize() makes', () => {
    const out = canvasSize();
    expect(out).toEqual({ width: 0, height: 0, pixelWidth: 0, pixelHeight: 0, ratio: 1 });
    expect(fitCanvas(canvasOf(20, 10), {}, out)).toBe(out);
    expect(out).toEqual({ width: 20, height: 10, pixelWidth: 20, pixelHeight: 10, ratio: 1 });
  });

  it('draws at ratio 1 where the window knows none (a detached frame reports 0)', () => {
    vi.stubGlobal('devicePixelRatio', 0);
    expect(pixelRatio()).toBe(1);
    expect(pixelRatio(0.5)).toBe(0.5);
    const canvas = canvasOf(20, 10);
    expect(fitCanvas(canvas).ratio).toBe(1);
    expect([canvas.width, canvas.height]).toEqual([20, 10]);
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
    // A string read from a URL or a settings file is not taken for the number it spells.
    expect(() => fitCanvas(canvas, { maxDpr: '2' as never })).toThrow('got "2"');
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

  it('reports a change of CSS width or height alone, though the backing store stays the same', async () => {
    // At half resolution 101 and 102 CSS pixels both make 51 device pixels.
    const canvas = canvasOf(101, 101);
    const seen: number[][] = [];
    const dispose = watchCanvas(
      canvas,
      (s) => seen.push([s.width, s.height, s.pixelWidth, s.pixelHeight]),
      { maxDpr: 0.5 },
    );
    onTestFinished(dispose);
    canvas.style.width = '102px';
    await frames();
    canvas.style.height = '102px';
    await frames();
    expect(seen).toEqual([
      [101, 101, 51, 51],
      [102, 101, 51, 51],
      [102, 102, 51, 51],
    ]);
    expect([canvas.width, canvas.height]).toEqual([51, 51]);
  });

  it('reports a change of the ratio alone, though the backing store stays the same', async () => {
    const canvas = canvasOf(0, 0); // not laid out yet: a 1×1 backing store at any ratio
    const seen: number[][] = [];
    const dispose = watchCanvas(canvas, (s) => seen.push([s.width, s.pixelWidth, s.ratio]));
    onTestFinished(dispose);
    await setDevicePixelRatio(2);
    expect(seen).toEqual([
      [0, 1, 1],
      [0, 1, 2],
    ]);
  });

  it('fits once and disposes cleanly without ResizeObserver and matchMedia (jsdom has neither)', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    vi.stubGlobal('matchMedia', undefined);
    const canvas = canvasOf(100, 50);
    const seen: number[][] = [];
    const dispose = watchCanvas(canvas, (s) => seen.push([s.width, s.height, s.pixelWidth]));
    expect(seen).toEqual([[100, 50, 100]]);
    expect([canvas.width, canvas.height]).toEqual([100, 50]);
    expect(dispose).not.toThrow();
  });

  it('follows real changes of the device pixel ratio, and none after dispose', async () => {
    const canvas = canvasOf(100, 50);
    const seen: number[][] = [];
    const queries = vi.spyOn(window, 'matchMedia');
    onTestFinished(() => queries.mockRestore());
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
    const asked = queries.mock.calls.length;
    expect(asked).toBe(3); // one query per ratio it saw
    await setDevicePixelRatio(3);
    await setDevicePixelRatio(1); // back to the first ratio: its query matches again
    await frames();
    expect(seen).toHaveLength(3);
    expect(canvas.width).toBe(150);
    // No query it made still listens: none woke it to make the next one.
    expect(queries).toHaveBeenCalledTimes(asked);
  });
});
