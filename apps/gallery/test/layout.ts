import type { Page } from 'playwright-core';

/** An element's box in CSS pixels of the viewport, and what the layout test knows of it. */
export interface Box {
  /** How a failure names it: a selector or the control's text. */
  name: string;
  /** Its place in the list it came from. */
  id: number;
  left: number;
  top: number;
  right: number;
  bottom: number;
  /** Controls only: the ids of the controls inside it (a label's select). */
  holds: number[];
  /** Controls only: the topmost element at its centre is the control or inside it. */
  onTop: boolean;
  /** Controls only: what is topmost at its centre when it is not. */
  covered: string;
}

/** What a page shows over its canvas, read in one go. */
export interface Layout {
  viewport: { width: number; height: number };
  /** Everything fixed over the page (the stats overlay, the HUD, ...) but the canvas. */
  overlays: Box[];
  /** Everything a finger can use: buttons, selects, inputs, labels, links. */
  controls: Box[];
  /** The `data-key` of every key button in the HUD, once each. */
  keys: string[];
}

/**
 * Reads the boxes of a page's overlays and controls. An overlay is any visible element with
 * `position: fixed` but the canvas, so a new floating element is checked without a list to
 * update; a control is anything a finger can use. Hidden things (no box) are left out: the file
 * input that its label stands for, a loading line that has gone.
 */
export function readLayout(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const visible = (el: Element) => {
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return rect.width > 0 && rect.height > 0 && style.visibility !== 'hidden';
    };
    const nameOf = (el: Element): string => {
      for (const attribute of ['data-loop-stats', 'data-loop-hud']) {
        if (el.hasAttribute(attribute)) return `[${attribute}]`;
      }
      if (el.id) return `#${el.id}`;
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
      return `${el.tagName.toLowerCase()} "${text}"`;
    };
    const box = (el: Element, id: number) => {
      const r = el.getBoundingClientRect();
      return {
        name: nameOf(el),
        id,
        left: r.left,
        top: r.top,
        right: r.right,
        bottom: r.bottom,
        holds: [] as number[],
        onTop: true,
        covered: '',
      };
    };
    const overlays = [...document.body.querySelectorAll('*')]
      .filter((el) => !el.hasAttribute('data-loop-canvas') && el.tagName !== 'SCRIPT')
      .filter((el) => getComputedStyle(el).position === 'fixed' && visible(el))
      .map(box);
    const found = [
      ...document.querySelectorAll(
        'button, select, input:not([type="hidden"]), textarea, label, a[href], [role="button"]',
      ),
    ].filter(visible);
    const controls = found.map((el, id) => {
      const b = box(el, id);
      b.holds = found.flatMap((other, k) => (other !== el && el.contains(other) ? [k] : []));
      const top = document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2);
      b.onTop = top !== null && (top === el || el.contains(top));
      b.covered = top ? nameOf(top) : 'nothing';
      return b;
    });
    const keys = [
      ...new Set(
        [...document.querySelectorAll<HTMLElement>('[data-loop-hud] [data-key]')]
          .filter(visible)
          .map((el) => el.dataset.key!),
      ),
    ];
    return { viewport: { width: innerWidth, height: innerHeight }, overlays, controls, keys };
  });
}
