import {
  existsSync,
  fstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'colyseus.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameServer } from './server.js';
import { answered, startTestServer } from './test-matchmake.js';

/** A GET of `path` sent as written (fetch would resolve `..` before sending it). */
function rawGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

/** More files of a built page, and the content type each goes out with. */
const TYPED: Record<string, string> = {
  'style.css': 'text/css; charset=utf-8',
  'data.json': 'application/json',
  'logo.svg': 'image/svg+xml',
  'a.png': 'image/png',
  'b.jpg': 'image/jpeg',
  'c.webp': 'image/webp',
  'favicon.ico': 'image/x-icon',
  'physics.wasm': 'application/wasm',
  'robots.txt': 'text/plain; charset=utf-8',
  'level.bin': 'application/octet-stream',
};
const FILES: Record<string, string> = {
  ...Object.fromEntries(Object.keys(TYPED).map((name) => [name, `the file ${name}`])),
  'help/index.html': '<p>help</p>',
  'assets-old/main.js': 'export {};',
};

describe('npm start: the built page and the game on one port (startServer with page)', () => {
  let folder: string;
  let game: GameServer;
  let url: string;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'arena-page-'));
    const dist = join(folder, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<canvas id="game"></canvas>');
    writeFileSync(join(dist, 'assets', 'main-abc.js'), 'export {};');
    writeFileSync(join(folder, 'secret.txt'), 'not for the page');
    for (const [name, body] of Object.entries(FILES)) {
      mkdirSync(join(dist, name, '..'), { recursive: true });
      writeFileSync(join(dist, name), body);
    }
    writeFileSync(join(dist, 'empty.txt'), '');
    // File-system errors as root meets them too: a symlink loop (ELOOP at stat) and a "file"
    // whose every read fails: on Linux /proc/self/mem (EIO at offset 0, after a successful
    // open), elsewhere a file nobody may read (EACCES at open; root on macOS could, though).
    symlinkSync('loop.js', join(dist, 'loop.js'));
    if (existsSync('/proc/self/mem')) symlinkSync('/proc/self/mem', join(dist, 'unreadable.bin'));
    else writeFileSync(join(dist, 'unreadable.bin'), 'secret', { mode: 0o000 });
    game = await startTestServer({ page: dist });
    url = `http://127.0.0.1:${game.port}/`;
  });

  afterAll(async () => {
    await game?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('serves index.html at / and the hashed assets, cached for good', async () => {
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<canvas id="game">');
    const asset = await fetch(`${url}assets/main-abc.js`);
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('answers 404 outside the page: a missing file, a path out of its folder', async () => {
    expect((await fetch(`${url}missing.js`)).status).toBe(404);
    for (const path of ['/../secret.txt', '/..%2fsecret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const response = await rawGet(game.port, path);
      expect(response, path).toEqual({ status: 404, body: '' });
    }
  });

  it("keeps the game under the page's own /colyseus: a client joins there and its room answers", async () => {
    const room = await new Client(`${url}colyseus`).joinOrCreate('arena');
    expect(await answered(room)).toBe(room.roomId);
    await room.leave();
  });

  it('sends each file with its content type and length, and HEAD without the body', async () => {
    for (const [name, type] of Object.entries(TYPED)) {
      const response = await fetch(`${url}${name}`);
      expect([response.status, response.headers.get('content-type')], name).toEqual([200, type]);
      expect(response.headers.get('content-length')).toBe(String(`the file ${name}`.length));
      expect(await response.text()).toBe(`the file ${name}`);
    }
    const head = await fetch(`${url}style.css`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, '18']);
    expect(await head.text()).toBe('');
    const asset = await fetch(`${url}assets/main-abc.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("serves a folder's index.html at its slash only, and caches only assets/ for good", async () => {
    expect(await (await fetch(`${url}help/`)).text()).toBe('<p>help</p>');
    expect((await rawGet(game.port, '/help')).status).toBe(404); // a folder is not a file
    const old = await fetch(`${url}assets-old/main.js`);
    expect([old.status, old.headers.get('cache-control')]).toEqual([200, 'no-cache']);
  });

  it('leaves other methods and undecodable paths to the game server (404)', async () => {
    expect((await fetch(url, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${url}style.css`, { method: 'DELETE' })).status).toBe(404);
    expect(await rawGet(game.port, '/%E0%A4%A')).toEqual({ status: 404, body: '' });
  });

  it('answers a file-system error with 500 or 404 for that request alone, and goes on serving', async () => {
    const answers = [];
    for (const [method, path] of [
      ['GET', '/unreadable.bin'], // opens, then every read fails (EIO)
      ['HEAD', '/unreadable.bin'],
      ['GET', '/loop.js'], // a symlink loop: stat fails (ELOOP)
      ['HEAD', '/loop.js'],
      ['GET', '/index.html/more'], // a path through a file (ENOTDIR)
      ['GET', `/${'x'.repeat(300)}.js`], // a name longer than the file system takes
    ] as const) {
      const response = await fetch(`${url}${path.slice(1)}`, { method });
      answers.push([method, path.slice(0, 20), response.status, await response.text()]);
    }
    expect(answers).toEqual([
      ['GET', '/unreadable.bin', 500, ''],
      ['HEAD', '/unreadable.bin', 500, ''],
      ['GET', '/loop.js', 500, ''],
      ['HEAD', '/loop.js', 500, ''],
      ['GET', '/index.html/more', 404, ''],
      ['GET', '/xxxxxxxxxxxxxxxxxxx', 404, ''],
    ]);
    const page = await fetch(url);
    expect([page.status, await page.text()]).toEqual([200, '<canvas id="game"></canvas>']);
  });

  it('closes the file when a client goes away in the middle of it', async () => {
    const big = join(folder, 'dist', 'big.bin');
    writeFileSync(big, Buffer.alloc(8 << 20, 1));
    // The descriptors of this process open on the file (the server runs here): /proc/self/fd
    // on Linux, /dev/fd on macOS and the BSDs, each compared by device and inode.
    const { dev, ino } = statSync(big);
    const fds = existsSync('/proc/self/fd') ? '/proc/self/fd' : '/dev/fd';
    const open = () =>
      readdirSync(fds).filter((fd) => {
        try {
          const stat = fstatSync(Number(fd));
          return stat.dev === dev && stat.ino === ino;
        } catch {
          return false; // closed while listed
        }
      }).length;
    await new Promise<void>((resolve, reject) => {
      get({ host: '127.0.0.1', port: game.port, path: '/big.bin' }, (response) => {
        response.once('data', () => {
          response.destroy(); // the first bytes, then gone
          resolve();
        });
      }).on('error', reject);
    });
    await expect.poll(open, { timeout: 5000 }).toBe(0);
  });

  it('sends an empty file as 200 with no body', async () => {
    const response = await fetch(`${url}empty.txt`);
    expect([response.status, response.headers.get('content-length')]).toEqual([200, '0']);
    expect(await response.text()).toBe('');
  });
});
