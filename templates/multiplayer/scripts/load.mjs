#!/usr/bin/env node
/**
 * `npm run bench:load`: CLIENTS bots (default 200) against a Redis-shared cluster of
 * PROCESSES game processes (default 2), everything on this machine: the bots, the servers and
 * Redis share its cores. Plays WARMUP seconds (default 3), measures SECONDS (default 10),
 * prints what it measured, rooms and clients per process among it. It never fails on speed.
 *
 * `--per-room 1,2,4,8` (`npm run bench:rooms`) runs the same clients once per size of room and
 * prints how the cost splits between rooms and clients, so capacity at any room size follows.
 * The runs are @loop/net/bench's loadSweep (a fresh cluster for each size) with the arena's bots.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatLoad, formatSweep, loadSweep } from '@loop/net/bench';
import { loadModules } from '@loop/net/vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = (name, fallback) => Number(process.env[name]) || fallback;
const { values } = parseArgs({ options: { 'per-room': { type: 'string' } } });
const { loader, modules } = await loadModules(
  root,
  '/src/server/processes.ts',
  '/src/bench/load.ts',
);
const [{ startCluster }, { arenaLoad }] = modules;
try {
  const reports = await loadSweep({
    ...arenaLoad,
    sizes: values['per-room']?.split(',').map(Number) ?? [undefined],
    // The bots all come from this machine's one address: the rooms-per-client limit is lifted.
    startCluster: () => startCluster(env('PROCESSES', 2), { CREATES_PER_CLIENT: '1000000' }),
    clients: env('CLIENTS', 200),
    seconds: env('SECONDS', 10),
    warmup: env('WARMUP', 3),
    onReport: (report) => console.log(`${formatLoad(report)}\n`),
  });
  if (reports.length > 1) console.log(formatSweep(reports));
} finally {
  await loader.close();
}
