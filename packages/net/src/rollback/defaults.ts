/**
 * What the build decides about a `RollbackSession`'s defaults: here, the build served to
 * production bundles (Vite, webpack and others under the `production` condition), to Node and to
 * any tool that asks for no condition, the sync test is off by default, since it steps every
 * tick `checkDistance` times more. The development build (`dist/development/`, which
 * `@loop/net/rollback` serves under the `development` export condition that Vite's dev server,
 * Vitest and webpack's development mode set, and `node --conditions=development`) has
 * defaults.development.ts in this module's place, where it is on: a game in development proves
 * its step deterministic on every tick without asking (GGRS's `SyncTestSession`, always on).
 * `syncTest` given either way wins.
 */
export const SYNC_TEST_DEFAULT: boolean = false;
