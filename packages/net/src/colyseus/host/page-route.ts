/// <reference types="node" />
import { createReadStream, type Stats, statSync } from 'node:fs';
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

/** File-system errors that mean "no such file here": the request is a 404, not a fault. */
const MISSING = new Set(['ENOENT', 'ENOTDIR', 'ENAMETOOLONG']);

/** The status a failed file-system call answers: 404 for a path that is not there, else 500. */
function failure(error: unknown): number {
  return MISSING.has((error as NodeJS.ErrnoException).code ?? '') ? 404 : 500;
}

/** `file`'s stats, undefined when nothing is there; throws any other file-system error. */
function statOf(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch (error) {
    if (failure(error) === 404) return undefined;
    throw error;
  }
}

/**
 * Answers a GET or HEAD for a file of the built page in `dir` (`dist/`, `/` being its
 * index.html) and returns true; returns false for anything else, which the caller answers. Why
 * the game server serves the page itself: in production (`npm start`) the page and its
 * `/colyseus` endpoint then share one origin and one port, as they do under `npm run dev`, so a
 * Node host needs one process and no proxy. Vite's hashed `assets/` are cached for a year, the
 * page itself never; a path that leaves `dir` is refused. A file-system error (a file that
 * cannot be read, a symlink loop) costs its request a 500, never the process: the headers wait
 * for the file's first bytes, and an error after them cuts that response alone.
 */
export function pageRoute(
  dir: string,
): (request: IncomingMessage, response: ServerResponse) => boolean {
  const root = resolve(dir);
  return (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    let path: string;
    try {
      path = decodeURIComponent(new URL(request.url ?? '/', 'http://page').pathname);
    } catch {
      return false;
    }
    const file = resolve(join(root, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(root + sep)) return false;
    let stat: Stats | undefined;
    try {
      stat = statOf(file);
    } catch (error) {
      response.writeHead(failure(error)).end();
      return true;
    }
    if (!stat?.isFile()) return false;
    const immutable = file.startsWith(join(root, 'assets') + sep);
    send(file, request.method === 'HEAD', response, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': stat.size,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    return true;
  };
}

/**
 * Streams `file` with `headers`, which go out with its first bytes (or its end, when empty): an
 * error opening or reading it before then is a 404 or 500, after them the response is cut. A
 * HEAD reads the first bytes too, so it answers what a GET would.
 */
function send(
  file: string,
  head: boolean,
  response: ServerResponse,
  headers: Record<string, string | number>,
): void {
  const stream = createReadStream(file);
  response.once('close', () => stream.destroy());
  stream.on('error', (error) => {
    if (response.headersSent) response.destroy();
    else response.writeHead(failure(error)).end();
  });
  stream.once('data', (chunk) => {
    response.writeHead(200, headers);
    if (head) {
      stream.destroy();
      response.end();
      return;
    }
    response.write(chunk);
    stream.pipe(response);
  });
  stream.once('end', () => {
    if (!response.headersSent) response.writeHead(200, headers).end();
  });
}
