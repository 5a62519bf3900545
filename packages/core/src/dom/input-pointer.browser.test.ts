import { describe, expect, it, vi } from 'vitest';
import {
  disposeAtEnd,
  listen,
  mouse,
  pageCanvas,
  setFrameFocused,
  touch,
  trusted,
} from '../test-support/browser.js';
import { listenerTypes } from '../test-support/listeners.js';
import { createInput, type Input } from './input.js';

// The pointer comes from CDP mouse and touch input: trusted events, as a player's, never events
// built and dispatched by the test.

/** A canvas at page position (30, 40), 100×100 CSS pixels. */
const canvasAt = () => pageCanvas('position:fixed;left:30px;top:40px;width:100px;height:100px');

/** The pointer snapshot as [x, y, down, pressed, released, count], x and y to 0.01 px. */
function pointerOf(input: Input): (number | boolean)[] {
  const p = input.snapshot.pointer;
  const round = (v: number) => Math.round(v * 100) / 100;
  return [round(p.x), round(p.y), p.down, p.pressed, p.released, p.count];
}

describe('Input: pointer and touch', () => {
  it('starts with nothing down: a render before the first step reads no input', () => {
    const input = disposeAtEnd(createInput({ pointer: canvasAt(), keyboard: null }));
    expect(pointerOf(input)).toEqual([0, 0, false, false, false, 0]);
    expect(input.snapshot.isDown('Space')).toBe(false);
  });

  it('gives positions relative to the element and latches a press between steps', async () => {
    const canvas = canvasAt();
    const input = disposeAtEnd(createInput({ pointer: canvas, keyboard: null }));
    const isTrusted = trusted(canvas, 'pointerdown', 'pointermove', 'pointerup');
    expect(canvas.style.touchAction).toBe('none');
    await mouse('move', 50, 60);
    await mouse('down', 50, 60);
    await mouse('move', 80, 90);
    input.sample();
    expect(pointerOf(input)).toEqual([50, 50, true, true, false, 1]);
    await mouse('up', 81, 91);
    input.sample();
    expect(pointerOf(input)).toEqual([51, 51, false, false, true, 0]);
    expect(isTrusted.length).toBeGreaterThanOrEqual(4);
    expect(isTrusted.every(Boolean)).toBe(true);
  });

  it('follows a hovering mouse, relative to the element, before any press', async () => {
    const canvas = canvasAt();
    const input = disposeAtEnd(createInput({ pointer: canvas, keyboard: null }));
    await mouse('move', 10, 10); // beside the canvas
    await mouse('move', 50, 60); // onto it: pointerenter, then pointermove
    input.sample();
    expect(pointerOf(input)).toEqual([20, 20, false, false, false, 0]);
  });

  it('keeps following a pointer pressed on the element after it leaves (capture)', async () => {
    const canvas = canvasAt();
    const input = disposeAtEnd(createInput({ pointer: canvas, keyboard: null }));
    await mouse('down', 50, 60);
    await mouse('move', 200, 220); // off the canvas, still held
    input.sample();
    expect(pointerOf(input)).toEqual([170, 180, true, true, false, 1]);
    await mouse('up', 210, 230);
    input.sample();
    expect(pointerOf(input)).toEqual([180, 190, false, false, true, 0]);
  });

  it('sees a touch that starts and ends between two steps', async () => {
    const canvas = canvasAt();
    const input = disposeAtEnd(createInput({ pointer: canvas, keyboard: null }));
    const types: string[] = [];
    listen(canvas, ['pointerdown'], (e) => types.push(`${e.pointerType} ${e.isTrusted}`));
    await touch('start', { 0: [40, 50] });
    await touch('end');
    expect(types).toEqual(['touch true']);
    input.sample();
    expect(pointerOf(input)).toEqual([10, 10, true, true, true, 0]);
    input.sample();
    expect(pointerOf(input).slice(2)).toEqual([false, false, false, 0]);
  });

  it('counts fingers, follows the moving one, and ends on lift and on pointercancel', async () => {
    const canvas = canvasAt();
    const input = disposeAtEnd(createInput({ pointer: canvas, keyboard: null }));
    await touch('start', { 0: [40, 50] });
    await touch('start', { 0: [40, 50], 1: [60, 70] });
    await touch('move', { 0: [40, 50], 1: [45, 55] });
    await mouse('move', 99, 99); // a mouse that is not down: ignored while fingers are down
    input.sample();
    expect(pointerOf(input)).toEqual([15, 15, true, true, false, 2]);
    await touch('end', { 0: [40, 50] });
    input.sample();
    expect(pointerOf(input)).toEqual([10, 10, true, false, true, 1]);
    await touch('cancel');
    input.sample();
    expect(pointerOf(input).slice(2)).toEqual([false, false, true, 0]);
  });

  it('releases the fingers down when the window loses focus, once, and nothing when none is', async () => {
    const canvas = canvasAt();
    const input = disposeAtEnd(createInput({ pointer: canvas, keyboard: null }));
    const isTrusted = trusted(window, 'blur');
    await touch('start', { 0: [40, 50] });
    await touch('start', { 0: [40, 50], 1: [60, 70] });
    await setFrameFocused(false);
    expect(isTrusted).toEqual([true]);
    input.sample();
    expect(pointerOf(input)).toEqual([30, 30, true, true, true, 0]);
    await touch('end'); // the lifts that come after are no second release
    await setFrameFocused(true);
    await setFrameFocused(false); // nothing down: nothing to release
    expect(isTrusted).toEqual([true, true]);
    input.sample();
    expect(pointerOf(input).slice(2)).toEqual([false, false, false, 0]);
  });

  it('gives the element its touch-action back on dispose, and hears no pointer after', async () => {
    const canvas = canvasAt();
    canvas.style.touchAction = 'pan-y';
    const input = createInput({ pointer: canvas, keyboard: null });
    expect(canvas.style.touchAction).toBe('none');
    input.dispose();
    expect(canvas.style.touchAction).toBe('pan-y');
    const measured = vi.spyOn(canvas, 'getBoundingClientRect');
    await mouse('move', 10, 10);
    await mouse('move', 40, 50); // pointerenter: not even measured
    await mouse('down', 40, 50);
    await mouse('up', 40, 50);
    expect(measured).not.toHaveBeenCalled();
    expect(pointerOf(input)).toEqual([0, 0, false, false, false, 0]);
    input.sample();
    expect(pointerOf(input)).toEqual([0, 0, false, false, false, 0]);
  });

  it('removes every listener it added on dispose, on the element and on the window', async () => {
    const canvas = canvasAt();
    const onWindow = await listenerTypes(window);
    const input = createInput({ pointer: canvas });
    expect(await listenerTypes(canvas)).toEqual([
      'pointercancel',
      'pointerdown',
      'pointerenter',
      'pointermove',
      'pointerup',
    ]);
    expect(await listenerTypes(window)).toEqual([...onWindow, 'blur', 'keydown', 'keyup'].sort());
    input.dispose();
    expect(await listenerTypes(canvas)).toEqual([]);
    expect(await listenerTypes(window)).toEqual(onWindow);
  });
});
