import fc from 'fast-check';

/**
 * The seed every property test of the package runs from: fixed, so a run is reproducible and a
 * failure replays (`FC_SEED=… pnpm test` to try others; fast-check prints the seed and path of a
 * failure).
 */
export const SEED = Number(process.env.FC_SEED ?? 20_261_127);

/** Runs a property `runs` times from {@link SEED}. */
export function check<Ts>(property: fc.IProperty<Ts>, runs: number): void {
  fc.assert(property, { seed: SEED, numRuns: runs });
}
