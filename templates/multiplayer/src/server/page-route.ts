import { createReadStream, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

/** Content types of what `vite build` writes; anything else goes out as bytes. */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Answers a GET or HEAD for a file of the built page in `dir` (`dist/`, `/` being its
 * index.html) and returns true; returns false for anything else, which the caller answers. Why
 * the game server serves the page itself: in production (`npm start`) the page and its
 * `/colyseus` endpoint then share one origin and one port, as they do under `npm run dev`, so a
 * Node host needs one process and no proxy. Vite's hashed `assets/` are cached for a year, the
 * page itself never; a path that leaves `dir` is refused.
 */
export function pageRoute(
  dir: string,
): (request: IncomingMessage, response: ServerResponse) => boolean {
  const root = resolve(dir);
  return (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    let path: string;
    try {
      // Stryker disable next-line StringLiteral: a URL of '' against the base is its '/' too
      path = decodeURIComponent(new URL(request.url ?? '/', 'http://page').pathname);
    } catch {
      return false;
    }
    const file = resolve(join(root, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(root + sep)) return false;
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat?.isFile()) return false;
    const immutable = file.startsWith(join(root, 'assets') + sep);
    response.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': stat.size,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    // Stryker disable next-line ConditionalExpression,StringLiteral: Node's server sends no body to a HEAD request whatever is written; the branch only spares opening the file
    if (request.method === 'HEAD') response.end();
    else createReadStream(file).pipe(response);
    return true;
  };
}
