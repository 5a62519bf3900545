import { rapierGameConfig } from '@loop/rapier/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, mergeConfig } from 'vite';

/**
 * `rapierGameConfig` of @loop/rapier/vite: Rapier's WebAssembly as a file of its own (fetched
 * with progress by the `virtual:rapier-wasm` loader it serves); three.js, React, Rapier and the
 * rest in files of their own, each under Vite's 500 kB warning; the tests (`npm test`: the rules in Node with real Rapier;
 * `npm run test:e2e`: the page in Chromium and Firefox). React's plugin (JSX, Fast Refresh) on top.
 */
export default mergeConfig(
  rapierGameConfig({
    root: import.meta.url,
    chunks: ['three', 'react', 'rapier', 'vendor'],
    tests: { setup: 'src/rapier.test-support.ts', e2e: ['src/e2e/**/*.test.ts'], timeout: 180_000 },
  }),
  defineConfig({ plugins: [react()] }),
);
