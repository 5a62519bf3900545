import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { stylePage } from './page.js';

const added: Element[] = [];
afterEach(() => {
  for (const el of added.splice(0)) el.remove();
  document.querySelector('style[data-loop-page]')?.remove();
});

function make<K extends keyof HTMLElementTagNameMap>(tag: K): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  document.body.appendChild(el);
  added.push(el);
  return el;
}

describe('stylePage', () => {
  it('fills the viewport with the canvas and floats the HUD over it', () => {
    const canvas = make('canvas');
    const hud = make('aside');
    const button = hud.appendChild(document.createElement('button'));
    stylePage({ canvas, hud });
    const rect = canvas.getBoundingClientRect();
    expect(rect.width).toBe(innerWidth);
    expect(rect.height).toBe(innerHeight);
    expect(getComputedStyle(canvas).display).toBe('block');
    expect(getComputedStyle(document.body).margin).toBe('0px');
    expect(getComputedStyle(document.body).overflow).toBe('hidden');
    const text = getComputedStyle(document.body);
    expect([text.fontSize, text.lineHeight, text.color]).toEqual([
      '14px',
      '19.6px',
      'rgb(232, 240, 255)',
    ]);
    expect(getComputedStyle(hud).position).toBe('fixed');
    expect(getComputedStyle(hud).padding).toBe('8px 12px');
    expect(getComputedStyle(hud).backgroundColor).toBe('rgba(10, 14, 24, 0.72)');
    expect(getComputedStyle(hud).borderRadius).toBe('6px');
    expect(getComputedStyle(button).cursor).toBe('pointer');
  });

  it('keeps the HUD on screen and its buttons big enough for a finger', () => {
    const hud = make('aside');
    // A root font this large makes the 24rem cap wider than the screen: the screen bounds it.
    document.documentElement.style.fontSize = '40px';
    onTestFinished(() => {
      document.documentElement.style.removeProperty('font-size');
    });
    hud.innerHTML = `<p style="margin:0;height:${2 * innerHeight}px">${'word '.repeat(500)}</p>`;
    const button = hud.appendChild(document.createElement('button'));
    button.textContent = 'Kick (Space)';
    stylePage({ hud });
    const rect = hud.getBoundingClientRect();
    expect(rect.left).toBeGreaterThanOrEqual(8); // padding counted in the width
    expect(rect.width).toBe(innerWidth - 16);
    expect(rect.top).toBeGreaterThanOrEqual(8); // taller content scrolls inside it
    expect(hud.scrollHeight).toBeGreaterThan(hud.clientHeight);
    expect(button.getBoundingClientRect().height).toBeGreaterThanOrEqual(36);
    expect(getComputedStyle(button).touchAction).toBe('manipulation');
  });

  it("styles the HUD's parts: bottom right, spaced paragraphs and buttons, a faint hint, an off toggle", () => {
    const hud = make('aside');
    hud.innerHTML =
      '<p>Score</p><button aria-pressed="true">On</button><button aria-pressed="false">Off</button>' +
      '<button>Plain</button><p class="hint">Drag to move</p>';
    stylePage({ hud });
    const rect = hud.getBoundingClientRect();
    expect([innerWidth - rect.right, innerHeight - rect.bottom]).toEqual([8, 8]);
    hud.append('word '.repeat(200)); // on a wide screen, at most 24rem wide
    const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize);
    expect(hud.getBoundingClientRect().width).toBe(24 * rem);
    const [score, hint] = [...hud.querySelectorAll('p')].map((p) => getComputedStyle(p));
    expect(score!.margin).toBe('0px 0px 6px');
    expect([hint!.margin, hint!.opacity]).toEqual(['6px 0px 0px', '0.7']);
    const [on, off, plain] = [...hud.querySelectorAll('button')].map((b) => getComputedStyle(b));
    expect(plain!.margin).toBe('0px 4px 4px 0px');
    expect([on!.backgroundColor, on!.borderColor]).toEqual([
      'rgb(29, 42, 74)',
      'rgb(90, 123, 216)',
    ]);
    expect([plain!.backgroundColor, plain!.borderColor]).toEqual([
      'rgb(29, 42, 74)',
      'rgb(90, 123, 216)',
    ]);
    expect([off!.backgroundColor, off!.borderColor]).toEqual([
      'rgb(74, 36, 29)',
      'rgb(216, 119, 90)',
    ]);
  });

  it('adds one stylesheet, first in <head>, however often it is called', () => {
    const first = stylePage();
    const second = stylePage({ canvas: make('canvas') });
    expect(second).toBe(first);
    expect(document.querySelectorAll('style[data-loop-page]')).toHaveLength(1);
    expect(document.head.firstElementChild).toBe(first);
  });

  it("loses to any rule of the game's own stylesheet", () => {
    const own = make('style');
    own.textContent =
      '#hud { border-radius: 12px; top: 8px; bottom: auto } #hud button { cursor: default }';
    document.head.appendChild(own);
    const hud = make('nav');
    hud.id = 'hud';
    const button = hud.appendChild(document.createElement('button'));
    stylePage({ hud });
    expect(getComputedStyle(hud).borderRadius).toBe('12px');
    expect(getComputedStyle(button).cursor).toBe('default');
    expect(getComputedStyle(hud).position).toBe('fixed');
    expect(hud.getBoundingClientRect().top).toBe(8);
  });
});
