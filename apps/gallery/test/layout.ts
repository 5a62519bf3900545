import type { BrowserContextOptions, Page } from 'playwright-core';

/**
 * The two screens every app's layout is read on: a phone held upright (390 × 844, touch, 3
 * device pixels per CSS pixel) and a laptop (1280 × 800).
 */
export const VIEWPORTS: Record<'phone' | 'laptop', BrowserContextOptions> = {
  phone: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  },
  laptop: { viewport: { width: 1280, height: 800 } },
};

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
  /**
   * Where the game is: the rectangle a canvas names in its `data-playfield` ("left top width
   * height" in CSS pixels: the multiplayer arena, drawn letterboxed inside its canvas), else the
   * canvas's own box.
   */
  playfield: Box & { drawn: boolean };
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
    const canvas =
      document.querySelector('[data-playfield]') ??
      document.querySelector('[data-loop-canvas]') ??
      document.querySelector('canvas');
    const playfield = { ...box(canvas ?? document.body, -1), drawn: false };
    const named = canvas?.getAttribute('data-playfield')?.split(' ').map(Number);
    if (named?.length === 4 && named.every(Number.isFinite)) {
      const [left, top, width, height] = named as [number, number, number, number];
      const r = canvas!.getBoundingClientRect();
      Object.assign(playfield, {
        left: r.left + left,
        top: r.top + top,
        right: r.left + left + width,
        bottom: r.top + top + height,
        drawn: true,
      });
    }
    return {
      viewport: { width: innerWidth, height: innerHeight },
      overlays,
      controls,
      keys,
      playfield,
    };
  });
}

/** Where two boxes share area (more than a rounding error of a pixel). */
export function overlap(a: Box, b: Box): boolean {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0.5 && h > 0.5;
}

/** Everything wrong with a layout, as sentences: an empty list is a page that passes. */
export function layoutProblems(layout: Layout): string[] {
  const found: string[] = [];
  const { width, height } = layout.viewport;
  const all = [...layout.overlays, ...layout.controls];
  for (const box of all) {
    if (box.left < -0.5 || box.top < -0.5 || box.right > width + 0.5 || box.bottom > height + 0.5) {
      found.push(`${box.name} is off screen: ${JSON.stringify(box)}`);
    }
  }
  for (const [i, a] of layout.overlays.entries()) {
    for (const b of layout.overlays.slice(i + 1)) {
      if (overlap(a, b)) found.push(`${a.name} overlaps ${b.name}`);
    }
  }
  for (const [i, a] of layout.controls.entries()) {
    for (const b of layout.controls.slice(i + 1)) {
      // A label around its select is one control, drawn so.
      if (!a.holds.includes(b.id) && !b.holds.includes(a.id) && overlap(a, b)) {
        found.push(`${a.name} overlaps ${b.name}`);
      }
    }
    if (!a.onTop) found.push(`${a.name} is covered at its centre by ${a.covered}`);
  }
  return found;
}

/** The area two boxes share, in CSS pixels². */
function shared(a: Box, b: Box): number {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * How far a panel may reach into a drawn playfield (the arena), in CSS pixels: a border's
 * rounding, not a line of text.
 */
export const ARENA_MARGIN = 2;
/**
 * The share of a full-screen playfield (a canvas that fills the screen, the camera's view of a
 * 3D scene or a 2D world) that the panels over it may cover together: a quarter, room for a
 * laptop's open help and stats in two corners, where a phone's open ones took three quarters.
 */
export const COVER_SHARE = 0.25;

/**
 * Whether the game stays in view (issue #30), as sentences: an empty list passes. A drawn
 * playfield (the arena) may be covered by no panel beyond {@link ARENA_MARGIN}; over a canvas
 * that fills the screen, the panels cover at most {@link COVER_SHARE} of it and none reaches
 * its middle third, where the game's camera keeps the action (the rapier ball, the swarm).
 */
export function playfieldProblems(layout: Layout): string[] {
  const field = layout.playfield;
  const found: string[] = [];
  if (field.drawn) {
    const inner = {
      ...field,
      left: field.left + ARENA_MARGIN,
      top: field.top + ARENA_MARGIN,
      right: field.right - ARENA_MARGIN,
      bottom: field.bottom - ARENA_MARGIN,
    };
    for (const panel of layout.overlays) {
      if (overlap(panel, inner))
        found.push(`${panel.name} covers the arena: ${JSON.stringify(panel)}`);
    }
    return found;
  }
  const width = field.right - field.left;
  const height = field.bottom - field.top;
  const middle = {
    ...field,
    left: field.left + width / 3,
    top: field.top + height / 3,
    right: field.right - width / 3,
    bottom: field.bottom - height / 3,
  };
  let covered = 0;
  for (const panel of layout.overlays) {
    covered += shared(panel, field);
    if (overlap(panel, middle)) found.push(`${panel.name} reaches the middle of the game`);
  }
  const share = covered / (width * height);
  if (share > COVER_SHARE) {
    found.push(
      `the panels cover ${(share * 100).toFixed(0)} % of the game (${layout.overlays
        .map((panel) => `${panel.name} ${Math.round(shared(panel, field))} px²`)
        .join(', ')}), more than ${COVER_SHARE * 100} %`,
    );
  }
  return found;
}
