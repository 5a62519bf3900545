import { fileURLToPath } from 'node:url';
import { Client } from 'colyseus.js';
import { describe, expect, it } from 'vitest';
import { listeningSockets } from '../colyseus/host/listening-sockets.js';
import { freePort, startGameProcess } from '../colyseus/host/processes.js';
import { runGameScript } from './game-scripts.js';

/** A game's folder with its one script (test-scripts/game.mjs, on the built package) and modules. */
const root = fileURLToPath(new URL('./test-scripts/', import.meta.url));
const game = { root, server: '/test-game.ts', load: '/test-game.ts', script: 'game.mjs' };

/** The id of an `arena` room made at `endpoint`, as its pong says it: the game answered. */
async function pong(endpoint: string): Promise<string> {
  const room = await new Client(endpoint).create('arena');
  const answer = new Promise<string>((resolve) => room.onMessage('pong', resolve));
  room.send('ping');
  const id = await answer;
  expect(id).toBe(room.roomId);
  await room.leave();
  return id;
}

describe("runGameScript: a game's scripts in one call (real Vite, Colyseus, processes, Redis)", () => {
  it('process: what a cluster runs as `<script> process` listens and serves the game', async () => {
    const proc = await startGameProcess({ script: 'game.mjs', args: ['process'], cwd: root });
    try {
      await pong(`http://127.0.0.1:${proc.port}`);
    } finally {
      await proc.stop();
    }
  });

  it('start (or no command): the built page and the game on PORT, both addresses printed', async () => {
    const port = await freePort();
    const lines: string[] = [];
    const env = { PORT: String(port), HOST: '127.0.0.1' };
    const running = await runGameScript([], {
      ...game,
      page: '.',
      env,
      signals: false,
      log: (line) => lines.push(line),
    });
    try {
      expect(lines).toEqual([
        `the page and the game server on http://127.0.0.1:${port}/`,
        `operators' /stats and /recording on http://127.0.0.1:${running.game!.operatorPort}/`,
      ]);
      // Listens where it is told and nowhere else: no Vite dev server, no HMR socket (24678).
      expect(await listeningSockets(process.pid)).toEqual(
        [`127.0.0.1:${port}`, `127.0.0.1:${running.game!.operatorPort}`].sort(),
      );
      const page = await (await fetch(`http://127.0.0.1:${port}/`)).text();
      expect(page).toContain("a game's scripts' page");
      await pong(`http://127.0.0.1:${port}/colyseus`);
    } finally {
      await running.stop();
    }
  });

  it('start: on the port the script gives over PORT; refused before listening without a build', async () => {
    const port = await freePort();
    const env = { PORT: '1', HOST: '127.0.0.1' };
    const options = { ...game, page: '.', env, port, signals: false, log: () => {} };
    const running = await runGameScript(['start'], options);
    try {
      expect(running.game!.port).toBe(port);
    } finally {
      await running.stop();
    }
    await expect(runGameScript(['start'], { ...game, signals: false })).rejects.toThrow(
      /^no built page in .*dist; run npm run build first$/,
    );
  });

  it('cluster: a Redis, PROCESSES game processes, the dev server told their ports; stop ends all', {
    timeout: 60_000,
  }, async () => {
    const lines: string[] = [];
    const running = await runGameScript(['cluster'], {
      ...game,
      env: { PROCESSES: '2' },
      signals: false,
      log: (line) => lines.push(line),
    });
    const processes = running.cluster!.processes;
    try {
      expect(processes).toHaveLength(2);
      expect(process.env.GAME_EXTERNAL).toBe('1');
      expect(process.env.GAME_PORTS).toBe(processes.map((p) => p.port).join(','));
      for (const p of processes) await pong(`http://127.0.0.1:${p.port}`);
      expect(lines).toEqual([
        `redis ${running.cluster!.redis.url}`,
        ...processes.map(
          (p) => `game process ${p.processId} on port ${p.port}, /stats on ${p.operatorPort}`,
        ),
        `dev server on ${running.url}`,
      ]);
      expect(await (await fetch(running.url!)).text()).toContain("a game's scripts' page");
    } finally {
      await running.stop();
      delete process.env.GAME_EXTERNAL;
      delete process.env.GAME_PORTS;
    }
    await expect(fetch(`http://127.0.0.1:${processes[0]!.port}/`)).rejects.toThrow();
    await expect(fetch(running.url!)).rejects.toThrow();
  });

  it('load: the bots against a fresh cluster per size of room, each report, then the sweep', {
    timeout: 60_000,
  }, async () => {
    const lines: string[] = [];
    const env = { CLIENTS: '4', SECONDS: '0.3', WARMUP: '0.2', PROCESSES: '1' };
    await runGameScript(['load', '--per-room', '1,2'], {
      ...game,
      env,
      log: (line) => lines.push(line),
    });
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^4 clients in 4 rooms over .*, 1 processes\n/);
    expect(lines[1]).toMatch(/^4 clients in 2 rooms over .*, 1 processes\n/);
    expect(lines[2]).toMatch(/^per room {2}rooms/);
  });

  it('refuses an unknown command, and load without its module, naming what is wrong', async () => {
    await expect(runGameScript(['deploy'], game)).rejects.toThrow(
      new RangeError('command must be one of start, process, cluster, load, got deploy'),
    );
    await expect(runGameScript(['load'], { ...game, load: undefined })).rejects.toThrow(
      new RangeError('load must name the load test module, got none'),
    );
  });
});
