import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { cdp, userEvent } from 'vitest/browser';
import { createLoop } from '../loop.js';
import { mouse, pageCanvas, touch } from '../test-support/browser.js';
import { createInput, type Input } from './input.js';

// Keys come from Playwright's keyboard (userEvent) and the pointer from CDP mouse and touch
// input: all trusted events, as a player's, never events built and dispatched by the test.

afterEach(async () => {
  await userEvent.cleanup(); // releases keys a test left held
});

/** `input`, disposed when the test ends. */
function track(input: Input): Input {
  onTestFinished(() => input.dispose());
  return input;
}

/** Adds `listener` to `target` for the rest of the test. */
function listen<K extends keyof WindowEventMap>(
  target: EventTarget,
  types: K[],
  listener: (e: WindowEventMap[K]) => void,
): void {
  for (const type of types) target.addEventListener(type, listener as EventListener);
  onTestFinished(() => {
    for (const type of types) target.removeEventListener(type, listener as EventListener);
  });
}

/** Records, for each event of `types` on `target`, whether the browser made it (isTrusted). */
function trusted(target: EventTarget, ...types: (keyof WindowEventMap)[]): boolean[] {
  const seen: boolean[] = [];
  listen(target, types, (e) => seen.push(e.isTrusted));
  return seen;
}

/** A canvas at page position (30, 40), 100×100 CSS pixels. */
const canvasAt = () => pageCanvas('position:fixed;left:30px;top:40px;width:100px;height:100px');

/** The pointer snapshot as [x, y, down, pressed, released, count], x and y to 0.01 px. */
function pointerOf(input: Input): (number | boolean)[] {
  const p = input.snapshot.pointer;
  const round = (v: number) => Math.round(v * 100) / 100;
  return [round(p.x), round(p.y), p.down, p.pressed, p.released, p.count];
}

describe('Input: keys sampled once per fixed step', () => {
  it('sees a tap that starts and ends between two steps, in exactly one step', async () => {
    const input = track(createInput());
    const isTrusted = trusted(window, 'keydown', 'keyup');
    await userEvent.keyboard('{Space}');
    expect(isTrusted).toEqual([true, true]);
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

  it('reports a held key as down every step but pressed once; auto-repeat is no new press', async () => {
    const input = track(createInput());
    const repeats: boolean[] = [];
    listen(window, ['keydown'], (e) => repeats.push(e.repeat));
    await userEvent.keyboard('{KeyW>3}'); // held: one press, then the keyboard's auto-repeat
    expect(repeats).toEqual([false, true, true]);
    const s = input.sample();
    expect([s.isDown('KeyW'), s.wasPressed('KeyW')]).toEqual([true, true]);
    expect([input.sample().isDown('KeyW'), s.wasPressed('KeyW')]).toEqual([true, false]);
    await userEvent.keyboard('{/KeyW}');
    expect([input.sample().isDown('KeyW'), s.wasReleased('KeyW')]).toEqual([false, true]);
    expect(s.isDown('KeyA')).toBe(false);
  });

  it('holds the snapshot still until the next sample, whatever events come', async () => {
    const input = track(createInput());
    const s = input.sample();
    await userEvent.keyboard('{KeyD>}');
    expect(s.isDown('KeyD')).toBe(false);
    expect(input.snapshot).toBe(s);
    expect(input.sample()).toBe(s);
    expect(s.isDown('KeyD')).toBe(true);
  });

  it('releases held keys when the window loses focus, and ignores the repeats after', async () => {
    const input = track(createInput());
    const isTrusted = trusted(window, 'blur');
    await userEvent.keyboard('{ArrowLeft>}');
    input.sample();
    await mouse('down', innerWidth + 30, 10); // a click beside the test frame takes the focus
    await mouse('up', innerWidth + 30, 10);
    expect(isTrusted).toEqual([true]);
    const s = input.sample();
    expect([s.isDown('ArrowLeft'), s.wasReleased('ArrowLeft')]).toEqual([false, true]);
    // Focus back with the key still held: its auto-repeat goes on, but it is no new press.
    await mouse('down', 5, 5);
    await mouse('up', 5, 5);
    await cdp().send('Input.dispatchKeyEvent', {
      type: 'rawKeyDown',
      code: 'ArrowLeft',
      key: 'ArrowLeft',
      windowsVirtualKeyCode: 37,
      autoRepeat: true,
    });
    input.sample();
    expect([s.isDown('ArrowLeft'), s.wasPressed('ArrowLeft')]).toEqual([false, false]);
  });

  it('tap() reaches the step like a key tap (on-screen buttons)', () => {
    const input = track(createInput({ keyboard: null }));
    input.tap('KeyT');
    expect(input.sample().wasPressed('KeyT')).toBe(true);
    expect(input.sample().wasPressed('KeyT')).toBe(false);
  });

  it('prevents the default action of the listed keys only', async () => {
    track(createInput({ preventDefault: ['Space'] }));
    const prevented: string[] = [];
    listen(window, ['keydown', 'keyup'], (e) => {
      if (e.defaultPrevented) prevented.push(`${e.type} ${e.code}`);
    });
    await userEvent.keyboard('{Space}{KeyQ}');
    expect(prevented).toEqual(['keydown Space', 'keyup Space']);
  });

  it('stops listening on dispose', async () => {
    const input = createInput();
    input.dispose();
    await userEvent.keyboard('{KeyX>}');
    expect(input.sample().isDown('KeyX')).toBe(false);
  });
});

describe('Input: pointer and touch', () => {
  it('gives positions relative to the element and latches a press between steps', async () => {
    const canvas = canvasAt();
    const input = track(createInput({ pointer: canvas, keyboard: null }));
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

  it('keeps following a pointer pressed on the element after it leaves (capture)', async () => {
    const canvas = canvasAt();
    const input = track(createInput({ pointer: canvas, keyboard: null }));
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
    const input = track(createInput({ pointer: canvas, keyboard: null }));
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
    const input = track(createInput({ pointer: canvas, keyboard: null }));
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

  it('gives the element its touch-action back on dispose', async () => {
    const canvas = canvasAt();
    canvas.style.touchAction = 'pan-y';
    const input = createInput({ pointer: canvas, keyboard: null });
    expect(canvas.style.touchAction).toBe('none');
    input.dispose();
    expect(canvas.style.touchAction).toBe('pan-y');
    await mouse('down', 40, 50);
    await mouse('up', 40, 50);
    expect(input.sample().pointer.pressed).toBe(false);
  });
});

describe('Input in a loop', () => {
  it('keeps a press made before a frame that runs no step for the next step, once', async () => {
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
    await userEvent.keyboard('{Space}');
    loop.frame(1000 / 30 + 8); // no step: the press waits
    expect(pressedAtTick).toEqual([]);
    loop.frame((3 * 1000) / 30 + 1); // two steps: the press shows in the first only
    expect(loop.tick).toBe(3);
    expect(pressedAtTick).toEqual([1]);
    loop.stop();
  });
});
