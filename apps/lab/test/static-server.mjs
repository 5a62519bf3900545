import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

/**
 * @typedef {object} StaticServer A running static server and how to stop it.
 * @property {string} url The lab's URL, under a sub-path, so a root-absolute asset path fails
 *   here as it would on GitHub Pages.
 * @property {() => Promise<void>} close
 */

/** @type {Readonly<Record<string, string>>} */
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/**
 * Serves the built lab (`dir`, its dist/) under `prefix` with node:http alone, for the browser
 * tests and the bench: a folder means its index.html; anything outside `prefix` or missing is a
 * 404. Files are read on every request, so what is served is what was built. Port 0 of
 * 127.0.0.1: two runs never fight over a port.
 *
 * @param {string} dir
 * @param {string} [prefix]
 * @returns {Promise<StaticServer>}
 */
export async function serveDist(dir, prefix = '/lab/') {
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const relative = normalize(path.slice(prefix.length) || 'index.html');
    if (!path.startsWith(prefix) || relative.startsWith('..')) {
      res.writeHead(404).end();
      return;
    }
    const file = join(dir, relative.endsWith('/') ? `${relative}index.html` : relative);
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(undefined));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
