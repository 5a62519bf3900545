/**
 * `@loop/rapier/dom`: the page side of a Rapier game with instant replay, what touches the
 * document: the replay status line and the recording files (`ReplayPanel`, `replayStatusText`,
 * `pickedFile`). Apart from `@loop/rapier` so a worker or a Node test never meets the DOM.
 *
 * @module @loop/rapier/dom
 */
export {
  pickedFile,
  ReplayPanel,
  type ReplayPanelOptions,
  replayStatusText,
} from './replay-panel.js';
