import { fileURLToPath } from 'node:url';
import { Client } from 'colyseus.js';
import { describe, expect, it } from 'vitest';
import { freePort } from '../colyseus/host/processes.js';
import { serveBuilt } from './serve-built.js';

const root = fileURLToPath(new URL('./test-fixture/', import.meta.url));

describe('serveBuilt: `npm start`, the built page and the game server on one port (real Colyseus)', () => {
  it('serves the page and the game on PORT and HOST, with the limits from the environment', async () => {
    const port = await freePort();
    const env = { PORT: String(port), HOST: '127.0.0.1', CREATES_PER_CLIENT: '1' };
    const served = await serveBuilt({ root, module: '/test-server.ts', page: '.', env });
    try {
      expect([served.game.port, served.host]).toEqual([port, '127.0.0.1']);
      const url = `http://127.0.0.1:${port}`;
      expect(await (await fetch(`${url}/`)).text()).toContain("a game's page");
      const room = await new Client(`${url}/colyseus`).create('arena');
      const pong = new Promise((resolve) => room.onMessage('pong', resolve));
      room.send('ping');
      expect(await pong).toBe(room.roomId);
      // CREATES_PER_CLIENT=1 reached startServer: a second room from this address is refused.
      await expect(new Client(`${url}/colyseus`).create('arena')).rejects.toThrow();
      await room.leave();
    } finally {
      await served.stop();
    }
  });

  it('takes the port and host given over the environment’s', async () => {
    const port = await freePort();
    const env = { PORT: '1', HOST: '0.0.0.0' };
    const served = await serveBuilt({
      root,
      module: '/test-server.ts',
      page: '.',
      env,
      port,
      host: '127.0.0.1',
    });
    try {
      expect([served.game.port, served.host]).toEqual([port, '127.0.0.1']);
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
    } finally {
      await served.stop();
    }
  });

  it('refuses to start without a built page, saying how to build it', async () => {
    await expect(serveBuilt({ root, module: '/test-server.ts', page: 'dist' })).rejects.toThrow(
      /^no built page in .*dist; run npm run build first$/,
    );
  });
});
