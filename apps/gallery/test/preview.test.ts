import { createServer, preview } from 'vite';
import { describe, expect, it } from 'vitest';
import { apps, galleryRoot } from '../apps.mjs';

/** The two headers that make a page cross-origin isolated, as a response carries them. */
function isolation(response: Response) {
  return {
    status: response.status,
    coop: response.headers.get('cross-origin-opener-policy'),
    coep: response.headers.get('cross-origin-embedder-policy'),
  };
}

const ISOLATED = { status: 200, coop: 'same-origin', coep: 'require-corp' };

describe('the isolation headers worker mode needs', () => {
  it('come with the built site from pnpm preview', async () => {
    const server = await preview({ root: galleryRoot, preview: { port: 0, host: '127.0.0.1' } });
    try {
      const url = server.resolvedUrls!.local[0]!;
      expect(isolation(await fetch(`${url}rapier/index.html`))).toEqual(ISOLATED);
    } finally {
      await server.close();
    }
  });

  it('come with the rapier app from its dev server, made as pnpm dev makes it (dev.mjs)', async () => {
    const rapier = apps.find((app: { name: string }) => app.name === 'rapier')!;
    // dev.mjs gives each app its own server at the app's root, whose vite.config.ts applies.
    const server = await createServer({
      root: rapier.root,
      logLevel: 'silent',
      server: { port: 0, host: '127.0.0.1', strictPort: false },
    });
    await server.listen();
    try {
      const url = server.resolvedUrls!.local[0]!;
      expect(isolation(await fetch(url))).toEqual(ISOLATED);
      expect(isolation(await fetch(`${url}src/sim.worker.ts?worker_file&type=module`))).toEqual(
        ISOLATED,
      );
    } finally {
      await server.close();
    }
  });
});
