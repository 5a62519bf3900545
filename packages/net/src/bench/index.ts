/**
 * `@loop/net/bench`: the load test of a game on `@loop/net`, in Node. Bots (real colyseus.js
 * clients speaking the game's wire) against real game processes, the servers' /stats read
 * around the measured time, and a report of tick rates, step time, CPU, bytes, latency and
 * rooms and clients per process. It measures and never judges: speed depends on the machine.
 *
 * @module @loop/net/bench
 */
export { type BenchGame, Bot } from './bot.js';
export { type LoadOptions, runLoad } from './load.js';

export { fitCost, formatLoad, formatSweep, type LoadReport, summarize } from './report.js';
export { loadSweep, type SweepCluster, type SweepOptions } from './sweep.js';
export { measureWire, type WireSizeGame, type WireSizes } from './wire-size.js';
