import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { type HeaderRule, parseHeadersFile } from '../test/deploy-section.js';
import type { Server } from './processes.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

/** How the stand-in host serves a built site. */
export interface StaticHostOptions {
  /**
   * The URL path the site lives under, starting and ending in `/` (default `/`): a GitHub Pages
   * project site lives under `/<repo>/`, an itch.io upload in a numbered folder. Any request
   * outside it is a 404, as it would be there, so a page that asks for `/assets/…` when it
   * lives elsewhere fails here too.
   */
  prefix?: string;
  /**
   * Send the headers of the site's own `_headers` file (Netlify and Cloudflare Pages do; the
   * file itself is never served). Without it no header but the content type is sent: GitHub
   * Pages and itch.io send no header a site chooses.
   */
  headersFile?: boolean;
}

/** A running stand-in host: its URL (the prefix included) and what it read from `_headers`. */
export interface StaticHost extends Server {
  /** The rules of the site's `_headers`, when `headersFile` was asked for and the file exists. */
  rules: HeaderRule[];
}

/**
 * Serves the built site in `dir` on 127.0.0.1 (port 0, so runs never fight over one) as a static
 * host does: files only, a folder's index.html for its URL, a bare 404 for anything missing.
 * Why not `vite preview`: it serves any base and sends the headers of the scaffold's vite.config,
 * which no static host reads; this serves only what a host would.
 */
export async function serveStatic(
  dir: string,
  options: StaticHostOptions = {},
): Promise<StaticHost> {
  const prefix = options.prefix ?? '/';
  const headersPath = join(dir, '_headers');
  const rules =
    options.headersFile && existsSync(headersPath)
      ? parseHeadersFile(readFileSync(headersPath, 'utf8'))
      : [];
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const path = decodeURIComponent(url.pathname);
    if (!path.startsWith(prefix)) return void response.writeHead(404).end();
    const inside = `/${path.slice(prefix.length)}`;
    const file = normalize(join(dir, inside.endsWith('/') ? `${inside}index.html` : inside));
    if (!file.startsWith(dir + sep) || file === headersPath)
      return void response.writeHead(404).end();
    try {
      const body = await readFile(file);
      for (const rule of rules) {
        if (!rule.pattern.test(inside)) continue;
        for (const [name, value] of Object.entries(rule.headers)) response.setHeader(name, value);
      }
      response.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
      response.writeHead(200).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolveListen);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    rules,
    stop: () =>
      new Promise<void>((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}
