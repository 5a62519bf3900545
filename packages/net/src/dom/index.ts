/**
 * `@loop/net/dom`: a networked game's page. `startNetPage` wires what every such page repeats
 * (the room joined, the HUD, the switches, the overlay, one loop of `NetFrame`), so a game's
 * page keeps its client, steering and drawing. The layout around the canvas: where the world
 * sits clear of the stats overlay and the HUD (`letterbox`, per frame, no allocation), and how
 * much of the canvas those panels take (`measurePanels`, on resize); drawing and pointer
 * steering share the letterbox, so a finger lands where the world is drawn. `FrameTrace`
 * records what the page drew, for a browser test and a bug report.
 *
 * @module @loop/net/dom
 */
export { FrameTrace, TRACE_FIELDS, type TraceRow } from './frame-trace.js';
export { letterbox, PANEL_GAP, PANELS, type View } from './letterbox.js';
export { NetFrame, type NetFrameHooks, type StatusLine } from './net-frame.js';
export { type JoinedPage, type NetPage, type NetPageOptions, startNetPage } from './net-page.js';
export {
  BAD_NETWORK,
  conditionerFromUrl,
  type Keys,
  keyAxis,
  linkStatus,
  pressSwitchKeys,
} from './page-wiring.js';
export { type Boxed, measurePanels } from './panels.js';
