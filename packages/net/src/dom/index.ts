/**
 * `@loop/net/dom`: the page's layout around a networked game's canvas. Where the world sits in
 * the canvas clear of the stats overlay and the HUD (`letterbox`, per frame, no allocation), and
 * how much of the canvas those panels take (`measurePanels`, on resize). Drawing and pointer
 * steering share the letterbox, so a finger lands where the world is drawn.
 *
 * @module @loop/net/dom
 */
export { letterbox, PANEL_GAP, PANELS, type View } from './letterbox.js';
export {
  BAD_NETWORK,
  conditionerFromUrl,
  type Keys,
  keyAxis,
  linkStatus,
  pressSwitchKeys,
} from './page-wiring.js';
export { type Boxed, measurePanels } from './panels.js';
