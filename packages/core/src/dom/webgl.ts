/**
 * What a page does where WebGL cannot start (an old machine, a GPU the browser blocks, WebGL
 * turned off, a headless browser without a GL driver): three.js's `WebGLRenderer` throws
 * there, after logging a console error, and the page stays blank. Checked on a canvas of its
 * own first, the page can say so in words and run the rest: the simulation, the overlay, the
 * HUD. One place for every template, so none carries a copy.
 */
import { checkKnownOptions } from '../known-options.js'; // development build only

/** What {@link requireWebGL} says by default: what is missing, and what a person can try. */
export const NO_WEBGL_MESSAGE =
  'This page draws with WebGL, which this browser could not start (turned off, or blocked ' +
  'for this graphics card). Turn on hardware acceleration, update the driver, or try another browser.';

/** Options of {@link requireWebGL}. */
export interface RequireWebGLOptions {
  /** The text shown where WebGL is missing. Default {@link NO_WEBGL_MESSAGE}. */
  message?: string;
  /** Where the message goes. Default `document.body`. */
  parent?: HTMLElement;
}

/**
 * Whether this browser gives a WebGL context (WebGL 2, else 1), tried on a canvas of its own so
 * the game's canvas is left for the renderer to claim with its own attributes. The context is
 * let go at once (`WEBGL_lose_context`): browsers keep only a few alive (16 in Chromium) and
 * drop the oldest, which could be the game's.
 */
export function webglAvailable(): boolean {
  if (typeof document === 'undefined') return false;
  const canvas = document.createElement('canvas');
  let gl: WebGLRenderingContext | WebGL2RenderingContext | null = null;
  try {
    gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
  } catch {
    // Some browsers throw instead of returning null when the GPU process is gone.
  }
  if (!gl) return false;
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return true;
}

/**
 * Checks WebGL before a renderer is made; where it is missing, shows `message` over the page
 * (`role="alert"`, `data-loop-message`, so a screen reader says it and a test finds it) and
 * returns false. The caller then skips its renderer and keeps everything else running.
 *
 * @example
 * const renderer = requireWebGL() ? new WebGLRenderer({ canvas }) : null;
 * // ... in render: renderer?.render(scene, camera);
 */
export function requireWebGL(options: RequireWebGLOptions = {}): boolean {
  checkKnownOptions(options, 'requireWebGL'); // development build only
  if (webglAvailable()) return true;
  if (typeof document === 'undefined') return false; // a worker or Node: no page to tell
  const note = document.createElement('p');
  note.setAttribute('role', 'alert');
  note.setAttribute('data-loop-message', '');
  note.textContent = options.message ?? NO_WEBGL_MESSAGE;
  note.style.cssText =
    'position:fixed;inset:0;margin:auto;height:fit-content;max-width:min(28rem,80vw);' +
    'padding:16px;border-radius:8px;background:#1d2a4a;color:#e8f0ff;font:16px/1.4 system-ui;' +
    'text-align:center';
  (options.parent ?? document.body).append(note);
  return false;
}
