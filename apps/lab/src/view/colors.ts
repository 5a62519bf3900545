import type { LaneId } from '../lane-specs.js';

/** One colour per lane, shared by the lanes, the plots and the figures table. */
export const LANE_COLORS: Readonly<Record<LaneId, string>> = {
  naive: '#ff6b6b',
  variable: '#ffa94d',
  semifixed: '#ffd43b',
  fixed: '#a9e34b',
  interp: '#38d9a9',
  extrap: '#4dabf7',
  timeslice: '#9775fa',
  capped: '#f783ac',
};
