import { afterEach, describe, expect, it } from 'vitest';
import { createLoop } from '../loop.js';
import { createInput, type Input } from './input.js';

const cleanup: (() => void)[] = [];
afterEach(() => {
  while (cleanup.length > 0) cleanup.pop()!();
});

function track(input: Input): Input {
  cleanup.push(() => input.dispose());
  return input;
}

function key(type: 'keydown' | 'keyup', code: string, repeat = false): KeyboardEvent {
  const event = new KeyboardEvent(type, { code, repeat, bubbles: true, cancelable: true });
  window.dispatchEvent(event);
  return event;
}

function pointer(target: Element, type: string, x: number, y: number, pointerId = 1): void {
  target.dispatchEvent(
    new PointerEvent(type, { clientX: x, clientY: y, pointerId, bubbles: true, isPrimary: true }),
  );
}

/** A canvas at page position (30, 40), 100×100 CSS pixels. */
function canvasAt(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.style.cssText = 'position:fixed;left:30px;top:40px;width:100px;height:100px';
  document.body.appendChild(canvas);
  cleanup.push(() => canvas.remove());
  return canvas;
}

describe('Input: keys sampled once per fixed step', () => {
  it('sees a tap that starts and ends between two steps, in exactly one step', () => {
    const input = track(createInput());
    key('keydown', 'Space');
    key('keyup', 'Space');
    const s = input.sample();
    expect([s.wasPressed('Space'), s.isDown('Space'), s.wasReleased('Space')]).toEqual([
      true,
      true,
      true,
    ]);
    input.sample();
    expect([s.wasPressed('Space'), s.isDown('Space'), s.wasReleased('Space')]).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('reports a held key as down every step but pressed once; auto-repeat is no new press', () => {
    const input = track(createInput());
    key('keydown', 'KeyW');
    expect(input.sample().wasPressed('KeyW')).toBe(true);
    key('keydown', 'KeyW', true);
    const s = input.sample();
    expect([s.isDown('KeyW'), s.wasPressed('KeyW')]).toEqual([true, false]);
    expect(input.sample().isDown('KeyW')).toBe(true);
    key('keyup', 'KeyW');
    expect([input.sample().isDown('KeyW'), s.wasReleased('KeyW')]).toEqual([false, true]);
    expect(s.isDown('KeyA')).toBe(false);
  });

  it('holds the snapshot still until the next sample, whatever events come', () => {
    const input = track(createInput());
    const s = input.sample();
    key('keydown', 'KeyD');
    expect(s.isDown('KeyD')).toBe(false);
    expect(input.snapshot).toBe(s);
    expect(input.sample()).toBe(s);
    expect(s.isDown('KeyD')).toBe(true);
  });

  it('releases held keys when the window loses focus (the key-up never comes)', () => {
    const input = track(createInput());
    key('keydown', 'ArrowLeft');
    input.sample();
    window.dispatchEvent(new FocusEvent('blur'));
    const s = input.sample();
    expect([s.isDown('ArrowLeft'), s.wasReleased('ArrowLeft')]).toEqual([false, true]);
  });

  it('tap() reaches the step like a key tap (on-screen buttons)', () => {
    const input = track(createInput({ keyboard: null }));
    input.tap('KeyT');
    expect(input.sample().wasPressed('KeyT')).toBe(true);
    expect(input.sample().wasPressed('KeyT')).toBe(false);
  });

  it('prevents the default action of the listed keys only', () => {
    track(createInput({ preventDefault: ['Space'] }));
    expect(key('keydown', 'Space').defaultPrevented).toBe(true);
    expect(key('keydown', 'KeyQ').defaultPrevented).toBe(false);
  });

  it('stops listening on dispose', () => {
    const input = createInput();
    input.dispose();
    key('keydown', 'KeyX');
    expect(input.sample().isDown('KeyX')).toBe(false);
  });
});

describe('Input: pointer and touch', () => {
  it('gives positions relative to the element and latches a press between steps', () => {
    const canvas = canvasAt();
    const input = track(createInput({ pointer: canvas, keyboard: null }));
    expect(canvas.style.touchAction).toBe('none');
    pointer(canvas, 'pointerdown', 50, 60);
    pointer(canvas, 'pointermove', 80, 90);
    const p = input.sample().pointer;
    expect([p.x, p.y, p.down, p.pressed, p.released, p.count]).toEqual([
      50,
      50,
      true,
      true,
      false,
      1,
    ]);
    pointer(canvas, 'pointerup', 81, 91);
    input.sample();
    expect([p.x, p.y, p.down, p.pressed, p.released, p.count]).toEqual([
      51,
      51,
      false,
      false,
      true,
      0,
    ]);
  });

  it('sees a touch that starts and ends between two steps', () => {
    const canvas = canvasAt();
    const input = track(createInput({ pointer: canvas, keyboard: null }));
    pointer(canvas, 'pointerdown', 40, 50, 7);
    pointer(canvas, 'pointerup', 40, 50, 7);
    const p = input.sample().pointer;
    expect([p.down, p.pressed, p.released, p.count]).toEqual([true, true, true, 0]);
    input.sample();
    expect([p.down, p.pressed, p.released]).toEqual([false, false, false]);
  });

  it('counts fingers, follows the moving one and ends on pointercancel', () => {
    const canvas = canvasAt();
    const input = track(createInput({ pointer: canvas, keyboard: null }));
    pointer(canvas, 'pointerdown', 40, 50, 1);
    pointer(canvas, 'pointerdown', 60, 70, 2);
    pointer(canvas, 'pointermove', 45, 55, 2);
    pointer(canvas, 'pointermove', 99, 99, 3); // not down: ignored while fingers are down
    const p = input.sample().pointer;
    expect([p.count, p.x, p.y]).toEqual([2, 15, 15]);
    pointer(canvas, 'pointercancel', 45, 55, 2);
    pointer(canvas, 'pointerup', 40, 50, 1);
    input.sample();
    expect([p.count, p.down, p.released]).toEqual([0, false, true]);
  });

  it('gives the element its touch-action back on dispose', () => {
    const canvas = canvasAt();
    canvas.style.touchAction = 'pan-y';
    const input = createInput({ pointer: canvas, keyboard: null });
    expect(canvas.style.touchAction).toBe('none');
    input.dispose();
    expect(canvas.style.touchAction).toBe('pan-y');
    pointer(canvas, 'pointerdown', 40, 50);
    expect(input.sample().pointer.pressed).toBe(false);
  });
});

describe('Input in a loop', () => {
  it('keeps a press made before a frame that runs no step for the next step, once', () => {
    const input = track(createInput());
    const pressedAtTick: number[] = [];
    const loop = createLoop({
      scheduler: 'manual',
      timestep: 1000 / 30,
      update(_dt, l) {
        if (input.sample().wasPressed('Space')) pressedAtTick.push(l.tick);
      },
    }).start();
    loop.frame(0);
    loop.frame(1000 / 30); // step 1
    key('keydown', 'Space');
    key('keyup', 'Space');
    loop.frame(1000 / 30 + 8); // no step: the press waits
    expect(pressedAtTick).toEqual([]);
    loop.frame((3 * 1000) / 30 + 1); // two steps: the press shows in the first only
    expect(loop.tick).toBe(3);
    expect(pressedAtTick).toEqual([1]);
    loop.stop();
  });
});
