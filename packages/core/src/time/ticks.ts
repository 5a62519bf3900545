/**
 * Integer time. Simulated time is never summed as `t += dt` in floating point: "The Game Loop"
 * (Gilles Bellot) shows that doing so at 60 Hz runs one extra step in ten seconds (and
 * differently at 120 Hz). Real time is instead measured in whole *units* and each fixed step is
 * a whole number of units, so every comparison in the clock is exact, and simulated time is
 * `tick × timestep`. The constants live with the rule (rule.ts), which imports nothing.
 */
export { MAX_STAMP, UNITS_PER_STEP } from './rule.js';
