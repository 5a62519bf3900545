/**
 * Matchmaking through whichever game process answers, for `npm run dev:cluster`'s Vite proxy
 * (vite.config.ts imports it from here): @loop/net's, re-exported, not a copy.
 */
export { FAILOVER_BODY_BYTES, failover } from '@loop/net/colyseus';
