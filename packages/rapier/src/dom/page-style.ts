/**
 * The look every page of {@link startRapierPage} shares, beside `stylePage` of `@loop/core/dom`
 * (the full-viewport canvas and the HUD panel): the HUD's rows and its fold, the replay status
 * line and its colours, each control shown where it applies (a replay's own controls only in
 * one, the live game's moves only outside one), the sign over the game during a replay, the
 * "Load recording" file label and the loading line. Shipped as a string the page start-up puts
 * first in `<head>`, so a game's own stylesheet, linked after it, overrides any rule of it.
 */
export const RAPIER_PAGE_CSS = `
#hud .row { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin-bottom: 6px; }
#replay { font: 12px / 1.35 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
#hud[data-folded="true"] .more { display: none; }
#hud[data-folded="true"] #replay[data-replay="recording"] { display: none; }
@media (pointer: coarse) { #hud .key { display: none; } }
#hud:has(#replay[data-replay="replaying"]) .live-only,
#hud:not(:has(#replay[data-replay="replaying"])) .replay-only { display: none; }
#replay-sign {
  display: none; position: fixed; top: 8px; right: 8px; z-index: 10; margin: 0;
  padding: 6px 12px; border-radius: 6px; background: #b3261e; color: #fff;
  font: 700 16px / 1.2 system-ui, sans-serif; letter-spacing: 0.08em;
  text-transform: uppercase; pointer-events: none;
}
#replay-sign::before { content: "▶ "; }
body:has(#replay[data-replay="replaying"]) #replay-sign { display: block; }
body:has(#replay[data-replay="replaying"]) #hud { outline: 2px solid #b3261e; }
#replay[data-replay="matched"] { color: #8ef0a0; }
#replay[data-replay="error"] { color: #ff8a8a; }
#hud .file {
  padding: 4px 10px; border: 1px solid #5a7bd8; border-radius: 4px; background: #1d2a4a;
  cursor: pointer;
}
#hud .file input { display: none; }
#loading {
  position: fixed; top: 40%; left: 50%; transform: translate(-50%, -50%); margin: 0;
  padding: 8px 14px; border-radius: 6px; background: #1d2a4acc; color: #dfe6ff;
  font: 14px / 1.4 system-ui, sans-serif; pointer-events: none;
}
#loading[data-failed] { color: #ff8a8a; }
`;

/**
 * Puts {@link RAPIER_PAGE_CSS} first in the document's head, once (a hot update finds it there),
 * and the replay's sign (`#replay-sign`) in the body where the page has none. Returns the style
 * element.
 */
export function addPageStyle(doc: Document = document): HTMLStyleElement {
  let style = doc.querySelector<HTMLStyleElement>('style[data-loop-rapier]');
  if (!style) {
    style = doc.createElement('style');
    style.dataset.loopRapier = '';
    style.textContent = RAPIER_PAGE_CSS;
    doc.head.prepend(style);
  }
  if (!doc.getElementById('replay-sign')) {
    const sign = doc.createElement('p');
    sign.id = 'replay-sign';
    sign.setAttribute('aria-hidden', 'true');
    sign.textContent = 'Replay';
    doc.body.append(sign);
  }
  return style;
}
