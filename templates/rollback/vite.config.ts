/// <reference types="vitest/config" />
import { createSignalServer, type SignalServer } from '@loop/net/p2p-server';
import { defineConfig, type Plugin } from 'vite';
import { configDefaults } from 'vitest/config';

/** The browser tests (seconds each: a build and a real Chromium): `npm run test:e2e`. */
const E2E = ['src/e2e/**/*.test.ts'];
/** Where the page asks for the signaling server's port (it listens on a free one). */
export const SIGNAL_PATH = '/__signal';

/**
 * Starts `@loop/net/p2p-server`'s signaling server on loopback beside `npm run dev` and `npm run
 * preview` (on a free port, served as JSON at SIGNAL_PATH), so pages opened with
 * `?match=name&seat=n` find each other; closed with the server. Not under vitest.
 */
function signaling(): Plugin {
  let server: SignalServer | undefined;
  const start = async (http: { once(event: 'close', fn: () => void): unknown } | null) => {
    server = await createSignalServer({ port: 0, seats: 4 });
    http?.once('close', () => void server?.close());
  };
  const answer = (
    _req: unknown,
    res: { setHeader(k: string, v: string): void; end(body: string): void },
  ) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ port: server?.port ?? 0 }));
  };
  return {
    name: 'loop-signaling',
    async configureServer(dev) {
      if (process.env.VITEST) return;
      await start(dev.httpServer);
      dev.middlewares.use(SIGNAL_PATH, answer);
    },
    async configurePreviewServer(preview) {
      await start(preview.httpServer);
      preview.middlewares.use(SIGNAL_PATH, answer);
    },
  };
}

/**
 * Rapier's deterministic build inlines its WebAssembly, so no plugin is needed for it; the
 * signaling server for online play; the tests: `npm test` (unit) plays the rules, a sync test and
 * a conditioned match in Node in seconds; `npm run test:e2e` opens the built page in Chromium.
 */
export default defineConfig({
  plugins: [signaling()],
  build: {
    // Rapier's deterministic build carries its WebAssembly inlined as base64 (about 4 MB, 1.7 MB
    // gzipped): a file of its own, cached when only the game changes, and over Vite's warning.
    chunkSizeWarningLimit: 4500,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'rapier', test: /node_modules[/]@dimforge[/]/ }] },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        // Seconds of simulated physics on a busy machine: a limit that only ends a hung test.
        test: { name: 'unit', exclude: [...configDefaults.exclude, ...E2E], testTimeout: 60_000 },
      },
      // A build and a browser on a busy machine: a limit that only ends a hung test. One file
      // at a time: two builds and four browser pages at once would starve a two-core machine,
      // and a page silent for 2 s is dropped from its match.
      {
        extends: true,
        test: { name: 'e2e', include: E2E, testTimeout: 180_000, fileParallelism: false },
      },
    ],
  },
});
