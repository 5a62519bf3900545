import { defineConfig } from 'vitest/config';

/**
 * The tests' own config, so Vitest never loads vite.config.ts (whose dev plugin starts a game
 * server): each test starts and stops the servers it needs, on free loopback ports.
 */
export default defineConfig({ test: { include: ['src/**/*.test.ts'] } });
