/// <reference types="node" />
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, preview } from 'vite';

const ROOT = join(import.meta.dirname, '../..');

/** The built game served by `vite preview` (with its signaling server, see vite.config.ts). */
export interface Served {
  /** The page's address, ending in `/`. */
  url: string;
  close(): Promise<void>;
}

/**
 * Builds the game into a folder of its own and serves it with `vite preview` on loopback, as
 * `npm run build && npm run preview` would: the production build, whose pages find each other
 * through the preview server's signaling server.
 */
export async function serveBuilt(): Promise<Served> {
  const out = mkdtempSync(join(tmpdir(), 'rollback-e2e-'));
  // Vitest sets NODE_ENV to `test`, and Vite resolves packages' `development` export condition
  // unless NODE_ENV is `production`: built so, the page would carry @loop/net/rollback's
  // development build (the sync test on). `npm run build` leaves it unset, and Vite sets it.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root: ROOT, logLevel: 'warn', build: { outDir: out, emptyOutDir: true } });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  const server = await preview({
    root: ROOT,
    logLevel: 'warn',
    build: { outDir: out },
    preview: { port: 0, host: '127.0.0.1' },
  });
  return {
    url: server.resolvedUrls!.local[0]!,
    close: async () => {
      await server.close();
      rmSync(out, { recursive: true, force: true });
    },
  };
}
