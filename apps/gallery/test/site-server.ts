import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import sirv from 'sirv';

/** A running static server and how to stop it. */
export interface SiteServer {
  /** The site's root URL, ending in the sub-path: http://127.0.0.1:PORT/loop/ */
  url: string;
  close: () => Promise<void>;
}

/**
 * Serves a built site the way GitHub Pages serves a project site: only under `prefix`, with a
 * directory's index.html for its URL, and the site's own 404.html, status 404, for any missing
 * path under the prefix. Anything outside the prefix is a bare 404, so a page that asks for
 * `/assets/...` (an absolute path) fails to load here as it would on Pages. Static files only,
 * read from disk on every request (sirv's dev mode): what the test sees is what was built.
 * With ETags, so files go out `Cache-Control: no-cache` (revalidated, as Pages' and Vite's
 * servers let a browser cache them) rather than sirv's `no-store`: Chromium reports a no-store
 * response that a page reads as a stream (the Rapier app's counted WebAssembly) as aborted when
 * its chunks arrive apart, though the page read it to the end (microsoft/playwright#42742).
 * Listens on port 0 of 127.0.0.1, so two runs never fight over a port. `headers` go with every
 * response: the cross-origin isolation headers of a host that can send them (Pages cannot).
 */
export async function serveSite(
  dir: string,
  prefix: string,
  headers: Record<string, string> = {},
): Promise<SiteServer> {
  const files = sirv(dir, { dev: true, etag: true });
  const notFound = readFileSync(join(dir, '404.html'));
  const server = createServer((req, res) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    const url = req.url ?? '/';
    if (!url.startsWith(prefix)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`${url} is outside ${prefix}`);
      return;
    }
    req.url = url.slice(prefix.length - 1);
    files(req, res, () => {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end(notFound);
    });
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolveListen);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    close: () =>
      new Promise<void>((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}
