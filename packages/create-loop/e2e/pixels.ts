import { PNG } from 'pngjs';

/** A decoded screenshot. */
export interface Image {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  data: Buffer;
}

/** Decodes a PNG screenshot (what Playwright's `screenshot()` returns). */
export function decodePng(buffer: Buffer): Image {
  const png = PNG.sync.read(buffer);
  return { width: png.width, height: png.height, data: png.data };
}

/**
 * Number of distinct RGB colours in the image. A blank canvas (cleared, never drawn) has one;
 * anything drawn on it adds more.
 */
export function distinctColours(image: Image): number {
  const seen = new Set<number>();
  const { data } = image;
  for (let i = 0; i < data.length; i += 4) {
    seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
  }
  return seen.size;
}

/** Number of pixels whose RGB differs between two images of the same size. */
export function changedPixels(a: Image, b: Image): number {
  if (a.width !== b.width || a.height !== b.height) {
    throw new Error(`image sizes differ: ${a.width}x${a.height} vs ${b.width}x${b.height}`);
  }
  let changed = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (
      a.data[i] !== b.data[i] ||
      a.data[i + 1] !== b.data[i + 1] ||
      a.data[i + 2] !== b.data[i + 2]
    ) {
      changed += 1;
    }
  }
  return changed;
}
