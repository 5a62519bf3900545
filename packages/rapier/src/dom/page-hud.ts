/**
 * The HUD's parts every Rapier game with instant replay shows, as markup: the replay status line
 * (`#replay`), the replay's row (_Instant replay_ R, _Back to the game_ Esc and the speed, shown
 * in a replay only, and the More button), the settings row (the mode and the busy page, for a
 * game with worker mode) and the files row (_Save recording_, _Load recording_). The rows behind
 * More carry `class="more"`, so a folded HUD hides them.
 */
export const HUD_PARTS = {
  status: '<p id="replay" data-replay="recording" data-matched="0" data-length="0">recording</p>',
  replay: `<div class="row">
  <button id="instant" type="button" data-key="KeyR">Instant replay<span class="key"> (R)</span></button>
  <button id="end" class="replay-only" type="button" data-key="Escape">Back to the game<span class="key"> (Esc)</span></button>
  <label class="replay-only">speed <select id="speed">
    <option value="0.25">0.25×</option><option value="0.5" selected>0.5×</option>
    <option value="1">1×</option><option value="2">2×</option>
  </select></label>
  <button id="more" type="button" aria-expanded="true" aria-controls="hud">Less</button>
</div>`,
  settings: `<div class="row more">
  <label>simulation <select id="mode">
    <option value="main">main thread</option><option value="worker">worker</option>
  </select></label>
  <label><input id="busy" type="checkbox" /> busy page (100 ms a second)</label>
</div>`,
  files: `<div class="row more">
  <button id="save" type="button">Save recording</button>
  <label class="file">Load recording <input id="load" type="file" accept=".looprec,application/octet-stream" /></label>
</div>`,
} as const;

/**
 * Fills the game's HUD (`#hud`, which holds its own help, `<p class="more">`, and its own buttons,
 * a `.row.live-only`) with the parts it does not have yet: the status line before the game's
 * buttons, then the replay, settings (only with `worker`) and files rows. A part the page has
 * already (found by its first element's id) is left as the game wrote it.
 */
export function fillHud(hud: HTMLElement, worker: boolean): void {
  const doc = hud.ownerDocument;
  if (!doc.getElementById('replay')) {
    const at = hud.querySelector('.live-only');
    if (at) at.insertAdjacentHTML('beforebegin', HUD_PARTS.status);
    else hud.insertAdjacentHTML('beforeend', HUD_PARTS.status);
  }
  if (!doc.getElementById('instant')) hud.insertAdjacentHTML('beforeend', HUD_PARTS.replay);
  if (worker && !doc.getElementById('mode'))
    hud.insertAdjacentHTML('beforeend', HUD_PARTS.settings);
  if (!doc.getElementById('save')) hud.insertAdjacentHTML('beforeend', HUD_PARTS.files);
}
