import { fileURLToPath } from 'node:url';
import { devGameServer } from '@loop/net/vite';
import { createServer } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { expectSnapshotsAt } from './test-support/harness';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('npm run dev (vite.config.ts)', () => {
  afterAll(async () => {
    await (await devGameServer())?.stop();
  });

  // Vite's start and its first module loads take seconds on a loaded machine.
  it('serves the page and the game on one URL: a client joins through /colyseus and gets snapshots', {
    timeout: 30_000,
  }, async () => {
    const vite = await createServer({
      root,
      configFile: `${root}/vite.config.ts`,
      logLevel: 'silent',
      server: { host: '127.0.0.1', port: 0, hmr: false, watch: null },
    });
    try {
      await vite.listen();
      const url = vite.resolvedUrls!.local[0]!;
      const page = await fetch(url);
      expect(await page.text()).toContain('<canvas id="game">');
      await expectSnapshotsAt(`${url}colyseus`);
      // The page's own origin passes the proxy (it keeps the Host the page asked); another's not.
      const matchmake = (origin: string) =>
        fetch(`${url}colyseus/matchmake/joinOrCreate/arena`, {
          method: 'POST',
          headers: { origin, 'content-type': 'application/json' },
          body: '{}',
        });
      expect((await matchmake(new URL(url).origin)).status).toBe(200);
      expect((await matchmake('https://evil.example')).status).toBe(403);
    } finally {
      await vite.close();
    }
  });
});
