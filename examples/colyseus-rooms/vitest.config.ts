import { defineConfig } from 'vitest/config';

/**
 * The guide's code run for real in Node: a Colyseus 0.16 server on a loopback port and a
 * colyseus.js client over a real WebSocket. The test moves both clocks itself and waits (by
 * polling) for each message to arrive, so nothing depends on the machine's speed; the minute is
 * for a busy two-core machine.
 */
export default defineConfig({
  test: { include: ['src/**/*.test.ts'], environment: 'node', testTimeout: 60_000 },
});
