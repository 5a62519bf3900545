import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_WEBGL_MESSAGE, requireWebGL, webglAvailable } from './webgl.js';

afterEach(() => {
  vi.restoreAllMocks();
  for (const el of document.querySelectorAll('[data-loop-message]')) el.remove();
});

/** A browser where no canvas gives a WebGL context (WebGL off, a blocked GPU). */
function withoutWebGL(how: 'null' | 'throw') {
  const real = HTMLCanvasElement.prototype.getContext;
  return vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
    this: HTMLCanvasElement,
    kind: string,
    ...rest: unknown[]
  ) {
    if (kind.startsWith('webgl')) {
      if (how === 'throw') throw new Error('GPU process gone');
      return null;
    }
    return (real as (...args: unknown[]) => unknown).call(this, kind, ...rest);
  } as typeof real);
}

describe('requireWebGL', () => {
  it('says yes and shows nothing where WebGL starts (SwiftShader here), letting its context go', () => {
    const made: (WebGLRenderingContext | null)[] = [];
    const real = HTMLCanvasElement.prototype.getContext;
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
      this: HTMLCanvasElement,
      ...args: unknown[]
    ) {
      const gl = (real as (...a: unknown[]) => unknown).apply(this, args);
      made.push(gl as WebGLRenderingContext);
      return gl;
    } as typeof real);
    expect(webglAvailable()).toBe(true);
    expect(requireWebGL()).toBe(true);
    expect(document.querySelector('[data-loop-message]')).toBeNull();
    expect(made.length).toBeGreaterThan(0);
    expect(made.at(-1)!.isContextLost()).toBe(true);
  });

  it.for(['null', 'throw'] as const)(
    'shows the message in the page and says no where getContext gives %s',
    (how) => {
      withoutWebGL(how);
      expect(webglAvailable()).toBe(false);
      expect(requireWebGL()).toBe(false);
      const note = document.querySelector<HTMLElement>('[data-loop-message]')!;
      expect(note.getAttribute('role')).toBe('alert');
      expect(note.textContent).toBe(NO_WEBGL_MESSAGE);
      expect(note.parentElement).toBe(document.body);
      const box = note.getBoundingClientRect();
      expect(box.width).toBeGreaterThan(0);
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(innerWidth);
      expect(getComputedStyle(note).position).toBe('fixed');
    },
  );

  it('asks for WebGL 2 first, then WebGL 1, and works without the lose-context extension', () => {
    const kinds: string[] = [];
    const real = HTMLCanvasElement.prototype.getContext;
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
      this: HTMLCanvasElement,
      kind: string,
      ...rest: unknown[]
    ) {
      kinds.push(kind);
      if (kind === 'webgl2') return null; // an old browser: WebGL 1 only
      const gl = (real as (...a: unknown[]) => unknown).call(this, kind, ...rest);
      return Object.assign(Object.create(gl as object), { getExtension: () => null });
    } as typeof real);
    expect(webglAvailable()).toBe(true);
    expect(kinds).toEqual(['webgl2', 'webgl']);
  });

  it('says what is missing in its default message', () => {
    expect(NO_WEBGL_MESSAGE).toMatch(/^This page draws with WebGL\b.*another browser\.$/);
  });

  it('takes its own words and place', () => {
    withoutWebGL('null');
    const parent = document.body.appendChild(document.createElement('main'));
    expect(requireWebGL({ message: 'No 3D here.', parent })).toBe(false);
    expect(parent.querySelector('[data-loop-message]')!.textContent).toBe('No 3D here.');
    parent.remove();
  });
});
