/**
 * The room's limits are `@loop/net/server`'s (see its README's "Server side"); named here only
 * for the files that still read them from this path.
 */
export { DEFAULT_LIMITS, type Limits, resolveLimits } from '@loop/net/server';
