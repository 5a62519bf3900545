/**
 * Test support for @loop/net's tests (not shipped): the recorded fast-check seed, so a failing
 * property replays with `{ seed: SEED }`.
 */
export const SEED = 20_261_127;
