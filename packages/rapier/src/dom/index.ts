/**
 * `@loop/rapier/dom`: the page side of a Rapier game with instant replay, what touches the
 * document: the replay status line and the recording files (`ReplayPanel`, `replayStatusText`,
 * `pickedFile`), and the speed, save and load controls wired to either mode
 * (`bindReplayControls`). Apart from `@loop/rapier` so a worker or a Node test never meets the
 * DOM.
 *
 * @module @loop/rapier/dom
 */
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
