import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { userEvent } from 'vitest/browser';
import { createLoop } from '../loop.js';
import { disposeAtEnd, listen, mouse, rawKey, trusted } from '../test-support/browser.js';
import { createInput, type InputSnapshot } from './input.js';

// Keys come from Playwright's keyboard (userEvent), or from CDP for what it cannot send: all
// trusted events, as a player's, never events built and dispatched by the test.

/** What a step sees of a key: [wasPressed, isDown, wasReleased]. */
function edges(s: InputSnapshot, code: string): boolean[] {
  return [s.wasPressed(code), s.isDown(code), s.wasReleased(code)];
}

afterEach(async () => {
  await userEvent.cleanup(); // releases keys a test left held
});

describe('Input: keys sampled once per fixed step', () => {
  it('sees a tap that starts and ends between two steps, in exactly one step', async () => {
    const input = disposeAtEnd(createInput());
    const isTrusted = trusted(window, 'keydown', 'keyup');
    await userEvent.keyboard('{Space}');
    expect(isTrusted).toEqual([true, true]);
    const s = input.sample();
    expect(edges(s, 'Space')).toEqual([true, true, true]);
    input.sample();
    expect(edges(s, 'Space')).toEqual([false, false, false]);
  });

  it('sees a press, release and press again between two steps, and the key held after', async () => {
    const input = disposeAtEnd(createInput());
    await userEvent.keyboard('{KeyA}{KeyA>}');
    const s = input.sample();
    expect(edges(s, 'KeyA')).toEqual([true, true, true]);
    input.sample();
    expect(edges(s, 'KeyA')).toEqual([false, true, false]);
  });

  it('reports a held key as down every step but pressed once; auto-repeat is no new press', async () => {
    const input = disposeAtEnd(createInput());
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

  it('takes a second keydown of a held key without the repeat flag for no new press', async () => {
    // Some keyboards and platforms send their auto-repeat so.
    const input = disposeAtEnd(createInput());
    const repeats: boolean[] = [];
    listen(window, ['keydown'], (e) => repeats.push(e.repeat));
    await rawKey('down', 'KeyW', 'w', 87);
    const s = input.sample();
    await rawKey('down', 'KeyW', 'w', 87);
    input.sample();
    await rawKey('up', 'KeyW', 'w', 87);
    expect(repeats).toEqual([false, false]);
    expect([s.isDown('KeyW'), s.wasPressed('KeyW')]).toEqual([true, false]);
    expect(input.sample().wasReleased('KeyW')).toBe(true);
  });

  it('sees no release of a key that went down before it listened', async () => {
    await userEvent.keyboard('{KeyE>}');
    const input = disposeAtEnd(createInput());
    await userEvent.keyboard('{/KeyE}');
    const s = input.sample();
    expect([s.isDown('KeyE'), s.wasPressed('KeyE'), s.wasReleased('KeyE')]).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('holds the snapshot still until the next sample, whatever events come', async () => {
    const input = disposeAtEnd(createInput());
    const s = input.sample();
    await userEvent.keyboard('{KeyD>}');
    expect(s.isDown('KeyD')).toBe(false);
    expect(input.snapshot).toBe(s);
    expect(input.sample()).toBe(s);
    expect(s.isDown('KeyD')).toBe(true);
  });

  it('releases held keys when the window loses focus, and ignores the repeats after', async () => {
    const input = disposeAtEnd(createInput());
    const isTrusted = trusted(window, 'blur');
    await userEvent.keyboard('{ArrowLeft>}{KeyB}');
    input.sample();
    await mouse('down', innerWidth + 30, 10); // a click beside the test frame takes the focus
    await mouse('up', innerWidth + 30, 10);
    expect(isTrusted).toEqual([true]);
    const s = input.sample();
    expect([s.isDown('ArrowLeft'), s.wasReleased('ArrowLeft')]).toEqual([false, true]);
    expect(s.wasReleased('KeyB')).toBe(false); // released before, and reported then: not again
    // Focus back with the key still held: its auto-repeat goes on, but it is no new press.
    await mouse('down', 5, 5);
    await mouse('up', 5, 5);
    await rawKey('down', 'ArrowLeft', 'ArrowLeft', 37, true);
    input.sample();
    expect([s.isDown('ArrowLeft'), s.wasPressed('ArrowLeft')]).toEqual([false, false]);
  });

  it('tap() reaches the step like a key tap (on-screen buttons)', () => {
    const input = disposeAtEnd(createInput({ keyboard: null }));
    input.tap('KeyT');
    expect(input.sample().wasPressed('KeyT')).toBe(true);
    expect(input.sample().wasPressed('KeyT')).toBe(false);
  });

  it('keeps a key held through a tap() of the same key', async () => {
    const input = disposeAtEnd(createInput());
    await userEvent.keyboard('{KeyT>}');
    input.sample();
    input.tap('KeyT'); // its on-screen button, pressed while the key is held
    const s = input.sample();
    expect([s.wasPressed('KeyT'), s.wasReleased('KeyT')]).toEqual([true, true]);
    expect(input.sample().isDown('KeyT')).toBe(true);
  });

  it('reads keys where it is told: a target other than window, or none', async () => {
    const field = document.createElement('input');
    document.body.appendChild(field);
    onTestFinished(() => field.remove());
    const fromField = disposeAtEnd(createInput({ keyboard: field }));
    const none = disposeAtEnd(createInput({ keyboard: null }));
    field.focus();
    await userEvent.keyboard('{KeyF}');
    field.blur();
    await userEvent.keyboard('{KeyG}'); // to the page, not the field
    const s = fromField.sample();
    expect([s.wasPressed('KeyF'), s.wasPressed('KeyG')]).toEqual([true, false]);
    const n = none.sample();
    expect([n.wasPressed('KeyF'), n.wasPressed('KeyG')]).toEqual([false, false]);
  });

  it('prevents the default action of the listed keys only', async () => {
    disposeAtEnd(createInput({ preventDefault: ['Space'] }));
    const prevented: string[] = [];
    listen(window, ['keydown', 'keyup'], (e) => {
      if (e.defaultPrevented) prevented.push(`${e.type} ${e.code}`);
    });
    await userEvent.keyboard('{Space}{KeyQ}');
    expect(prevented).toEqual(['keydown Space', 'keyup Space']);
  });

  it('stops listening on dispose: keys after it neither count nor lose their default', async () => {
    const input = createInput({ preventDefault: ['Space'] });
    input.dispose();
    const prevented: boolean[] = [];
    listen(window, ['keydown', 'keyup'], (e) => prevented.push(e.defaultPrevented));
    await userEvent.keyboard('{Space}{KeyX>}');
    expect(prevented).toEqual([false, false, false]);
    const s = input.sample();
    expect([s.wasPressed('Space'), s.isDown('KeyX')]).toEqual([false, false]);
  });
});

describe('Input in a loop', () => {
  it('keeps a press made before a frame that runs no step for the next step, once', async () => {
    const input = disposeAtEnd(createInput());
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

describe('Input: on-screen buttons', () => {
  /** A HUD with two key buttons (one with a child the click lands on) and a plain button. */
  function hud(): HTMLElement {
    const el = document.createElement('aside');
    el.innerHTML =
      '<button data-key="Space">Kick <b>(Space)</b></button>' +
      '<button data-key="KeyT">Teleport (T)</button><button id="plain">Other</button>';
    document.body.append(el);
    onTestFinished(() => el.remove());
    return el;
  }

  it("taps the button's key, seen in exactly one step that counts it on the button", async () => {
    const buttons = hud();
    const input = disposeAtEnd(createInput({ buttons, keyboard: null }));
    const kick = buttons.querySelector<HTMLElement>('[data-key="Space"]')!;
    await userEvent.click(kick.querySelector('b')!); // a click on a child counts
    expect(kick.dataset.presses).toBeUndefined(); // not before a step has seen it
    const s = input.sample();
    expect(edges(s, 'Space')).toEqual([true, true, true]);
    expect(s.wasPressed('KeyT')).toBe(false);
    expect(kick.dataset.presses).toBe('1');
    input.sample();
    expect(edges(s, 'Space')).toEqual([false, false, false]);
    expect(kick.dataset.presses).toBe('1');
    await userEvent.click(kick);
    await userEvent.click(buttons.querySelector('[data-key="KeyT"]')!);
    expect([input.sample().wasPressed('Space'), s.wasPressed('KeyT')]).toEqual([true, true]);
    expect(kick.dataset.presses).toBe('2');
    expect(buttons.querySelector<HTMLElement>('[data-key="KeyT"]')!.dataset.presses).toBe('1');
  });

  it('taps only keys of buttons inside the HUD, named by a code, not an empty one', async () => {
    // A HUD inside an element with a data-key of its own: that element is no button of the HUD.
    const outer = document.createElement('div');
    outer.dataset.key = 'KeyO';
    const buttons = hud();
    outer.append(buttons);
    document.body.append(outer);
    onTestFinished(() => outer.remove());
    buttons.insertAdjacentHTML(
      'beforeend',
      '<span id="bare">no key</span><button data-key="">?</button>',
    );
    const input = disposeAtEnd(createInput({ buttons, keyboard: null }));
    await userEvent.click(buttons.querySelector('#bare')!);
    await userEvent.click(buttons.querySelector('[data-key=""]')!);
    expect([...input.sample().keys.keys()]).toEqual([]);
    expect(outer.dataset.presses).toBeUndefined();
  });

  it('ignores a click a script sends to a text node in the HUD, without an error', () => {
    const buttons = hud();
    const input = disposeAtEnd(createInput({ buttons, keyboard: null }));
    const errors: unknown[] = [];
    const onError = (e: ErrorEvent) => {
      errors.push(e.error);
      e.preventDefault();
    };
    window.addEventListener('error', onError);
    onTestFinished(() => window.removeEventListener('error', onError));
    // Not a player's click (those land on elements): a text node has no closest().
    buttons
      .querySelector('[data-key="KeyT"]')!
      .firstChild!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(errors).toEqual([]);
    expect([...input.sample().keys.keys()]).toEqual([]);
  });

  it('ignores a button without a key, counts no keyboard press, and stops on dispose', async () => {
    const buttons = hud();
    const input = createInput({ buttons });
    const kick = buttons.querySelector<HTMLElement>('[data-key="Space"]')!;
    await userEvent.click(buttons.querySelector('#plain')!);
    expect([...input.sample().keys.keys()]).toEqual([]);
    await userEvent.keyboard('{Space}'); // the key itself: no button to count on
    expect(input.sample().wasPressed('Space')).toBe(true);
    expect(kick.dataset.presses).toBeUndefined();
    input.dispose();
    await userEvent.click(kick);
    expect(input.sample().wasPressed('Space')).toBe(false);
    expect(kick.dataset.presses).toBeUndefined();
  });
});
