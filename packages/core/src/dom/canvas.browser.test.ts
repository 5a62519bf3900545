import { afterEach, describe, expect, it } from 'vitest';
import { fitCanvas, pixelRatio, watchCanvas } from './canvas.js';

const cleanup: (() => void)[] = [];
afterEach(() => {
  while (cleanup.length > 0) cleanup.pop()!();
});

/** A canvas laid out at `width`×`height` CSS pixels. */
function canvasOf(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.style.cssText = `display:block;width:${width}px;height:${height}px`;
  document.body.appendChild(canvas);
  cleanup.push(() => canvas.remove());
  return canvas;
}

/** Pretends the screen has `ratio` device pixels per CSS pixel. */
function fakeDpr(ratio: number): void {
  Object.defineProperty(window, 'devicePixelRatio', { value: ratio, configurable: true });
  cleanup.push(() => {
    delete (window as { devicePixelRatio?: number }).devicePixelRatio;
  });
}

const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));

describe('fitCanvas', () => {
  it('sizes the backing store to CSS size × devicePixelRatio', () => {
    fakeDpr(1.5);
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

  it('caps the ratio at maxDpr', () => {
    fakeDpr(3);
    const canvas = canvasOf(200, 100);
    const size = fitCanvas(canvas, { maxDpr: 2 });
    expect(size.ratio).toBe(2);
    expect([canvas.width, canvas.height]).toEqual([400, 200]);
    expect(fitCanvas(canvas, { maxDpr: 4 }).ratio).toBe(3);
    expect(pixelRatio(2)).toBe(2);
  });

  it('writes the same size into out, and does not clear a canvas whose size is unchanged', () => {
    fakeDpr(1);
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
    fakeDpr(2);
    const canvas = canvasOf(100, 50);
    const seen: number[][] = [];
    const dispose = watchCanvas(canvas, (s) => seen.push([s.width, s.pixelWidth, s.ratio]), {
      maxDpr: 2,
    });
    cleanup.push(dispose);
    // Fitted before any frame, so the first frame draws at the right size.
    expect(seen).toEqual([[100, 200, 2]]);
    expect(canvas.width).toBe(200);

    await frame();
    expect(seen).toHaveLength(1); // the observer's first report changes nothing: no call

    canvas.style.width = '150px';
    await frame();
    expect(seen.at(-1)).toEqual([150, 300, 2]);
    expect(canvas.width).toBe(300);

    dispose();
    const calls = seen.length;
    canvas.style.width = '70px';
    await frame();
    expect(seen).toHaveLength(calls);
    expect(canvas.width).toBe(300);
  });
});
