/**
 * The page every template draws on: no margin and no scrollbars, a canvas that fills the
 * viewport (watchCanvas then sizes its pixels to match), and a HUD panel floating over it in
 * the bottom right corner (the stats overlay folds away in the top left, so the two never
 * meet), its paragraphs, hint line (`class="hint"`) and buttons spaced, and a toggle button
 * that is off (`aria-pressed="false"`) shown in a warning colour.
 * The package builds with plain `tsc` and ships no CSS file, so the rules travel as a string
 * and go into one `<style>` element, the way the stats overlay styles itself. Every rule sits
 * in `:where()`, which weighs nothing: any rule of the game's own stylesheet wins, so where
 * the HUD sits, its width and the page's colour stay the game's choice.
 *
 * What holds on any screen unless the game says otherwise: the HUD's padding counts in its
 * width (`box-sizing`), so a `max-width` of `calc(100vw - 16px)` keeps it on a phone's screen;
 * it never grows taller than the viewport (it scrolls instead); its buttons are at least 36 px
 * high, a finger's width, and answer a tap at once (`touch-action: manipulation`: no wait for
 * a double-tap zoom).
 */

/** The elements {@link stylePage} styles. */
export interface PageElements {
  /** Fills the viewport: `display: block`, 100vw × 100dvh (100vh where dvh is unknown). */
  canvas?: HTMLElement;
  /** A panel fixed over the canvas, bottom right unless the game's CSS moves it, with styled buttons. */
  hud?: HTMLElement;
}

const CSS =
  ':where(html,body){margin:0;height:100%;overflow:hidden;color:#e8f0ff;' +
  'font:14px/1.4 system-ui,sans-serif}' +
  ':where([data-loop-canvas]){display:block;width:100vw;height:100vh;height:100dvh}' +
  ':where([data-loop-hud]){position:fixed;right:8px;bottom:8px;padding:8px 12px;' +
  'border-radius:6px;background:rgba(10,14,24,.72);box-sizing:border-box;' +
  'max-width:min(24rem,calc(100vw - 16px));max-height:calc(100dvh - 16px);overflow:auto}' +
  ':where([data-loop-hud] p){margin:0 0 6px}' +
  ':where([data-loop-hud] .hint){margin:6px 0 0;opacity:.7}' +
  ':where([data-loop-hud] button){font:inherit;padding:4px 10px;margin:0 4px 4px 0;' +
  'border:1px solid #5a7bd8;border-radius:4px;background:#1d2a4a;color:inherit;' +
  'cursor:pointer;min-height:36px;touch-action:manipulation}' +
  ':where([data-loop-hud] button[aria-pressed=false]){border-color:#d8775a;background:#4a241d}';

/**
 * Marks the canvas (`data-loop-canvas`) and the HUD (`data-loop-hud`) and adds the page
 * stylesheet once, first in `<head>` so the game's stylesheet comes after it. Call it before
 * anything measures the canvas. The `<style data-loop-page>` stays when a hot update re-runs
 * the module: the new run finds and reuses it, so the page never shows unstyled in between.
 *
 * @example
 * stylePage({ canvas, hud }); // style.css may move it: `#hud { top: 8px; bottom: auto }`
 */
export function stylePage(elements: PageElements = {}): HTMLStyleElement {
  elements.canvas?.setAttribute('data-loop-canvas', '');
  elements.hud?.setAttribute('data-loop-hud', '');
  let style = document.querySelector<HTMLStyleElement>('style[data-loop-page]');
  if (!style) {
    style = document.createElement('style');
    style.setAttribute('data-loop-page', '');
    style.textContent = CSS;
    document.head.prepend(style);
  }
  return style;
}
