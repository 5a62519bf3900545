#!/usr/bin/env node
/**
 * `npm run bench:load`: CLIENTS bots (default 200) against a Redis-shared cluster of
 * PROCESSES game processes (default 2), everything on this machine: the bots, the servers and
 * Redis share its cores. Plays WARMUP seconds (default 3), measures SECONDS (default 10),
 * prints what it measured. It never fails on speed.
 *
 * `--per-room 1,2,4,8` (`npm run bench:rooms`) runs the same clients once per size of room and
 * prints how the cost splits between rooms and clients, so capacity at any room size follows.
 */
import { parseArgs } from 'node:util';
import { loadModules } from './vite-load.mjs';

const env = (name, fallback) => Number(process.env[name]) || fallback;
const { loader, modules } = await loadModules('/src/server/processes.ts', '/src/bench/load.ts');
const [{ startCluster }, { runLoad, formatLoad, formatSweep }] = modules;
const { values } = parseArgs({ options: { 'per-room': { type: 'string' } } });
const sizes = values['per-room']?.split(',').map(Number) ?? [undefined];
const reports = [];
try {
  // A fresh cluster for each size of room: each process's room count, by which Colyseus picks
  // where a room is made, reaches the others through Redis up to a second late, so rooms made
  // right after a run's rooms closed would all land on one process.
  for (const perRoom of sizes) {
    const cluster = await startCluster(env('PROCESSES', 2));
    try {
      const addresses = cluster.processes.map((p) => `http://127.0.0.1:${p.port}`);
      const report = await runLoad({
        endpoint: addresses[0],
        processes: addresses,
        clients: env('CLIENTS', 200),
        perRoom,
        seconds: env('SECONDS', 10),
        warmup: env('WARMUP', 3),
      });
      console.log(`${formatLoad(report)}\n`);
      reports.push(report);
    } finally {
      await cluster.stop();
    }
  }
  if (reports.length > 1) console.log(formatSweep(reports));
} finally {
  await loader.close();
}
