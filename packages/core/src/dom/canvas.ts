/**
 * Canvas sizing for crisp pixels without wasted ones. A canvas has two sizes: its CSS size
 * (layout) and its backing store (`width`/`height`, the pixels actually drawn). On a
 * high-density screen the backing store must be CSS size × devicePixelRatio or the picture is
 * blurry; on a phone with a ratio of 3 or more that is 9× the pixels of ratio 1 for a
 * difference few can see, so a cap (`maxDpr`, 2 is the usual choice) saves fill rate and
 * battery. Only `run/` and `dom/` touch the document; nothing here runs per frame.
 */

import { checkKnownOptions } from '../known-options.js'; // development build only
import { show } from '../show.js';

/** Options of {@link fitCanvas} and {@link watchCanvas}. */
export interface FitCanvasOptions {
  /**
   * Upper bound on the device pixel ratio used for the backing store. Default `Infinity`
   * (the screen's own ratio). Phones: 2 keeps text sharp at less than half the pixels of 3.
   */
  maxDpr?: number;
}

/** The size a canvas was fitted to; updated in place. */
export interface CanvasSize {
  /** CSS width in pixels: the unit of pointer coordinates and of layout. */
  width: number;
  /** CSS height in pixels. */
  height: number;
  /** Backing-store width in device pixels (`canvas.width`). */
  pixelWidth: number;
  /** Backing-store height in device pixels (`canvas.height`). */
  pixelHeight: number;
  /** Device pixels per CSS pixel actually used: `min(devicePixelRatio, maxDpr)`. */
  ratio: number;
}

/** A fresh, zeroed {@link CanvasSize}, for the `out` argument of {@link fitCanvas}. */
export function canvasSize(): CanvasSize {
  return { width: 0, height: 0, pixelWidth: 0, pixelHeight: 0, ratio: 1 };
}

/** Throws a RangeError naming the option unless `maxDpr` is a number > 0 (Infinity allowed). */
function checkMaxDpr(maxDpr: number): number {
  if (typeof maxDpr !== 'number' || Number.isNaN(maxDpr) || maxDpr <= 0) {
    throw new RangeError(`canvas option maxDpr must be a number > 0, got ${show(maxDpr)}`);
  }
  return maxDpr;
}

/** The device pixel ratio to draw at: the screen's, capped, and 1 where none is known. */
export function pixelRatio(maxDpr = Number.POSITIVE_INFINITY): number {
  checkMaxDpr(maxDpr);
  const dpr = typeof devicePixelRatio === 'number' && devicePixelRatio > 0 ? devicePixelRatio : 1;
  return Math.min(dpr, maxDpr);
}

/**
 * Sizes the canvas backing store to its CSS size × the (capped) device pixel ratio and returns
 * the result in `out`. The canvas keeps its CSS size: style it (e.g. `width: 100%`) and let
 * layout decide. Width and height are only written when they change, because writing them
 * clears the canvas and resets a 2D context's state even when the value is the same.
 *
 * @example
 * const size = fitCanvas(canvas, { maxDpr: 2 });
 * ctx.setTransform(size.ratio, 0, 0, size.ratio, 0, 0); // draw in CSS pixels
 */
export function fitCanvas(
  canvas: HTMLCanvasElement,
  options: FitCanvasOptions = {},
  out: CanvasSize = canvasSize(),
): CanvasSize {
  const ratio = pixelRatio(options.maxDpr);
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  // At least one pixel: a 0×0 canvas makes WebGL warn and 2D drawing silently do nothing.
  const pixelWidth = Math.max(1, Math.round(width * ratio));
  const pixelHeight = Math.max(1, Math.round(height * ratio));
  if (canvas.width !== pixelWidth) canvas.width = pixelWidth;
  if (canvas.height !== pixelHeight) canvas.height = pixelHeight;
  out.width = width;
  out.height = height;
  out.pixelWidth = pixelWidth;
  out.pixelHeight = pixelHeight;
  out.ratio = ratio;
  return out;
}

/**
 * Keeps a canvas fitted (see {@link fitCanvas}) as its layout size or the device pixel ratio
 * changes (window resize, rotation, zoom, a move to another monitor), and calls `onResize`
 * after each change with the new size, so the renderer and camera follow. Fits once
 * immediately, before the first frame, because the first ResizeObserver report comes only
 * after the first frame has been drawn at the default 300×150. Returns the function that stops
 * watching. The size object is reused: copy what you need to keep.
 */
export function watchCanvas(
  canvas: HTMLCanvasElement,
  onResize: (size: Readonly<CanvasSize>) => void,
  options: FitCanvasOptions = {},
): () => void {
  checkKnownOptions(options, 'watchCanvas'); // development build only
  checkMaxDpr(options.maxDpr ?? Number.POSITIVE_INFINITY);
  const size = canvasSize();
  const refit = () => {
    const { width, height, pixelWidth, pixelHeight, ratio } = size;
    fitCanvas(canvas, options, size);
    if (
      size.width !== width ||
      size.height !== height ||
      // Stryker disable next-line ConditionalExpression: `false` is equivalent: pixelWidth is max(1, round(width × ratio)), so it changes only when width or ratio does, both compared; `true` reports every refit (the watchCanvas tests kill it)
      size.pixelWidth !== pixelWidth ||
      // Stryker disable next-line ConditionalExpression: `false` is equivalent: pixelHeight is max(1, round(height × ratio)), so it changes only when height or ratio does, both compared; `true` reports every refit (the watchCanvas tests kill it)
      size.pixelHeight !== pixelHeight ||
      size.ratio !== ratio
    ) {
      onResize(size);
    }
  };

  const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(refit) : undefined;
  observer?.observe(canvas);

  // A change of devicePixelRatio (zoom, another monitor) does not resize the element, so no
  // ResizeObserver report comes: a media query on the current resolution fires instead. It
  // matches one ratio only, so it is replaced after each change.
  let query: MediaQueryList | undefined;
  const onRatio = () => {
    watchRatio();
    refit();
  };
  const watchRatio = () => {
    query?.removeEventListener('change', onRatio);
    if (typeof matchMedia !== 'function') return;
    query = matchMedia(`(resolution: ${pixelRatio()}dppx)`);
    query.addEventListener('change', onRatio);
  };
  watchRatio();
  refit();

  return () => {
    observer?.disconnect();
    query?.removeEventListener('change', onRatio);
  };
}
