import { fileURLToPath } from 'node:url';
import { Client } from 'colyseus.js';
import { createServer } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import type { GameServer } from './server/server';
import { MSG_SNAPSHOT } from './shared/protocol';
import { SNAPSHOT_BYTES } from './shared/snapshot';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('npm run dev (vite.config.ts)', () => {
  const running = globalThis as { arenaGame?: Promise<GameServer> };
  afterAll(async () => {
    await (await running.arenaGame)?.stop();
  });

  it('serves the page and the game on one URL: a client joins through /colyseus and gets snapshots', async () => {
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
      const room = await new Client(`${url}colyseus`).joinOrCreate('arena');
      const sizes: number[] = [];
      room.onMessage(MSG_SNAPSHOT, (bytes: Uint8Array) => sizes.push(bytes.byteLength));
      await expect.poll(() => sizes.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(sizes[0]).toBe(SNAPSHOT_BYTES);
      await room.leave();
    } finally {
      await vite.close();
    }
  });
});
