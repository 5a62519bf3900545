import { defineConfig } from 'vitest/config';

/** @loop/r3f's tests run in Node: React Three Fiber through @react-three/test-renderer, no DOM, no WebGL. */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
  },
});
