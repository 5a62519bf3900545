#!/usr/bin/env node
import { fileURLToPath } from 'node:url';
/**
 * `npm run bench:load`: CLIENTS bots (default 200) against a Redis-shared cluster of
 * PROCESSES game processes (default 2), everything on this machine: the bots, the servers and
 * Redis share its cores. Plays WARMUP seconds (default 3), measures SECONDS (default 10),
 * prints what it measured, rooms and clients per process among it. It never fails on speed.
 *
 * `--per-room 1,2,4,8` (`npm run bench:rooms`) runs the same clients once per size of room and
 * prints how the cost splits between rooms and clients, so capacity at any room size follows.
 */
import { parseArgs } from 'node:util';
import { loadModules } from '@loop/net/vite';

const root = fileURLToPath(new URL('..', import.meta.url));

const env = (name, fallback) => Number(process.env[name]) || fallback;
const { loader, modules } = await loadModules(
  root,
  '/src/server/processes.ts',
  '/src/bench/load.ts',
);
const [{ startCluster }, { runLoad, formatLoad, formatSweep }] = modules;
const { values } = parseArgs({ options: { 'per-room': { type: 'string' } } });
const sizes = values['per-room']?.split(',').map(Number) ?? [undefined];
const reports = [];
try {
  // A fresh cluster for each size of room, so each run starts from empty processes. The bots
  // all come from this machine's one address: the rooms-per-client limit is lifted for them.
  for (const perRoom of sizes) {
    const cluster = await startCluster(env('PROCESSES', 2), { CREATES_PER_CLIENT: '1000000' });
    try {
      const operators = cluster.processes.map((p) => `http://127.0.0.1:${p.operatorPort}`);
      const report = await runLoad({
        endpoint: `http://127.0.0.1:${cluster.processes[0].port}`,
        processes: operators,
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
