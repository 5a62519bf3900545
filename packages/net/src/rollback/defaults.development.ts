/**
 * The development build's defaults (see defaults.ts, whose place this module takes in
 * `dist/development/`): the sync test is on, so every tick of a match in development is
 * stepped again and compared, and a non-deterministic step is named at the tick it happens.
 */
export const SYNC_TEST_DEFAULT: boolean = true;
