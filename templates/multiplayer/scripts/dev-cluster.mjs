#!/usr/bin/env node
import { fileURLToPath } from 'node:url';
import { stopOnSignals } from '@loop/net/colyseus';
import { loadModules } from '@loop/net/vite';
/**
 * `npm run dev:cluster`: the game as it scales past one process, on one machine. Starts a
 * redis-server of its own (Debian's `redis-server` on the PATH; a free port, nothing saved),
 * two game processes (PROCESSES to change) sharing it through Colyseus's Redis presence and
 * driver, and the Vite dev server, whose /colyseus matches clients through whichever process
 * answers (one that died is passed over): a room may live on any, and a client connects
 * straight to the one that has it. Ctrl-C stops everything.
 */
import { createServer } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));

const { loader, modules } = await loadModules(root, '/src/server/processes.ts');
await loader.close();
const cluster = await modules[0].startCluster(Number(process.env.PROCESSES) || 2);
console.log(`redis ${cluster.redis.url}`);
for (const p of cluster.processes) {
  console.log(`game process ${p.processId} on port ${p.port}, /stats on ${p.operatorPort}`);
}
process.env.GAME_EXTERNAL = '1';
process.env.GAME_PORTS = cluster.processes.map((p) => p.port).join(',');
const vite = await createServer({ root });
await vite.listen();
vite.printUrls();
stopOnSignals(async () => {
  await vite.close();
  await cluster.stop();
});
