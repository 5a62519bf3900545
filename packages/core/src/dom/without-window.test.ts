import { describe, expect, it } from 'vitest';
import { pixelRatio } from './canvas.js';
import { createInput } from './input.js';
import { requireWebGL, webglAvailable } from './webgl.js';

// Node has no window, as a worker or a server render has none: what can work there does,
// rather than throw a ReferenceError at the first global it looks for.
describe('dom/ helpers where there is no window (Node, a worker)', () => {
  it('pixelRatio is 1, under maxDpr', () => {
    expect('devicePixelRatio' in globalThis).toBe(false);
    expect(pixelRatio()).toBe(1);
    expect(pixelRatio(0.5)).toBe(0.5);
  });

  it('createInput reads no keyboard, but tap() and sample() work', () => {
    expect(typeof window).toBe('undefined');
    const input = createInput();
    input.tap('Space');
    expect(input.sample().wasPressed('Space')).toBe(true);
    input.dispose();
    expect(input.sample().wasPressed('Space')).toBe(false);
  });

  it('webglAvailable and requireWebGL say no, with no page to write to', () => {
    expect(webglAvailable()).toBe(false);
    expect(requireWebGL()).toBe(false);
  });
});
