import { defineConfig } from 'vitest/config';

/** @loop/net's tests run in Node: the transport-free parts over an in-memory link, the Colyseus adapter over real sockets on loopback. */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
