import { type LoadOptions, runLoad } from './load.js';
import type { LoadReport } from './report.js';

/** What {@link loadSweep} needs of a cluster: its processes' ports, and a way to stop it. */
export interface SweepCluster {
  readonly processes: readonly { readonly port: number; readonly operatorPort: number }[];
  stop(): Promise<void>;
}

/** Settings of {@link loadSweep}: runLoad's, less where to play, which it takes from each cluster. */
export interface SweepOptions extends Omit<LoadOptions, 'endpoint' | 'processes' | 'perRoom'> {
  /** Clients per room of each run, in order; `undefined` for a run at the game's own size. */
  sizes: readonly (number | undefined)[];
  /** Starts a fresh cluster for one run (the game's processes and their Redis). */
  startCluster(): Promise<SweepCluster>;
  /** Hands each run's report out as it comes (a script prints it). */
  onReport?: (report: LoadReport) => void;
}

/**
 * A game's load test as its script runs it (`npm run bench:load`, `bench:rooms`): one
 * {@link runLoad} per size of room, each against a fresh cluster so every run starts from empty
 * processes, the bots joining the first process and /stats read from all of them; the cluster
 * stopped after each run, whatever happened. Returns the reports in order, for `formatSweep`
 * to fit a room's and a client's cost from. It measures and never judges.
 */
export async function loadSweep(options: SweepOptions): Promise<LoadReport[]> {
  const { sizes, startCluster, onReport, ...load } = options;
  const reports: LoadReport[] = [];
  for (const perRoom of sizes) {
    const cluster = await startCluster();
    try {
      const report = await runLoad({
        ...load,
        perRoom,
        endpoint: `http://127.0.0.1:${cluster.processes[0]!.port}`,
        processes: cluster.processes.map((p) => `http://127.0.0.1:${p.operatorPort}`),
      });
      onReport?.(report);
      reports.push(report);
    } finally {
      await cluster.stop();
    }
  }
  return reports;
}
