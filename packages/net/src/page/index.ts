/** The page's side: the server's clock, the interpolation delay, prediction, the input lead, and the client over them. */

export { DrawnClient, type DrawnClientOptions } from './drawn-client.js';
export { NetFigures } from './figures.js';
export {
  InputLead,
  type InputLeadOptions,
  LEAD_HOLD_MS,
  MAX_LEAD,
  MIN_LEAD,
} from './input-lead.js';
export {
  DELAY_RATE,
  InterpolationDelay,
  JITTER_MARGIN,
  MAX_DELAY_MS,
} from './interpolation-delay.js';
export { NetClient, type NetClientOptions } from './net-client.js';
export { NetSwitches, SWITCH_KEYS, type SwitchButton, type SwitchName } from './net-switches.js';
export { type PredictionModel, Predictor, type PredictorOptions } from './predictor.js';
export { CLOCK_JUMP_MS, CLOCK_SLEW_MS, CLOCK_WINDOW, ServerClock } from './server-clock.js';
