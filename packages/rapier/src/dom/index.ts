/**
 * `@loop/rapier/dom`: the page side of a Rapier game with instant replay, what touches the
 * document: the whole page start-up (`startRapierPage`: the mode from the URL, Rapier loaded
 * behind the loading line, the loop, the overlay, the replay panel and controls, the HUD folded
 * on a phone, the page's shared style), and beneath it the replay status line and the recording
 * files (`ReplayPanel`, `replayStatusText`, `pickedFile`), the speed, save and load controls
 * wired to either mode (`bindReplayControls`), and the busy page switch (`busyPage`). Apart from
 * `@loop/rapier` so a worker or a Node test never meets the DOM.
 *
 * @module @loop/rapier/dom
 */
export type { FrameTime } from '../frame-time.js';
export { BUSY_MS, busyPage } from './busy.js';
export { type FoldableHud, foldHud, SMALL_SCREEN, statsFoldRemembered } from './hud-fold.js';
export { PAGE_IDS, type PageElements, pageElements } from './page-elements.js';
export { fillHud, HUD_PARTS } from './page-hud.js';
export {
  type ControlSource,
  type PageView,
  type StartedMode,
  startMainThread,
  startWorker,
} from './page-modes.js';
export { addPageStyle, RAPIER_PAGE_CSS } from './page-style.js';
export {
  bindReplayControls,
  type ReplayControls,
  type ReplayTarget,
} from './replay-controls.js';
export {
  pickedFile,
  ReplayPanel,
  type ReplayPanelOptions,
  replayStatusText,
} from './replay-panel.js';
export {
  type PageMode,
  type RapierPage,
  type RapierPageOptions,
  startRapierPage,
} from './start-page.js';
