/**
 * The dev server of `pnpm dev` (dev.mjs), routed exactly as the built site is: one origin, the
 * gallery at `/`, each app at `/<name>/`, the docs at `/docs/`, and a 404 page for any other
 * path. So a link that works in the built site (the docs' `../../canvas2d/`, the lab's "All apps"
 * `../`, the docs' "Live apps" menu) works here too, and a link that would break there breaks
 * here. Each app still runs in a Vite dev server of its own (its vite.config.ts applies: the
 * rapier app's isolation headers, the multiplayer app's game server), served under the base
 * `/<name>/`; the gallery's server proxies `/<name>/` to it, WebSockets included, so hot updates
 * reach every page through the one origin. An app's `paths` in apps.json (multiplayer's
 * `/colyseus`, where its page finds the game server) are proxied to it as well.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sirv from 'sirv';
import { createServer } from 'vite';
import { allApps, docsDist, galleryRoot, repoRoot } from './apps.mjs';
import { notFoundPage } from './not-found.mjs';

const coreDir = resolve(repoRoot, 'packages/core');

/**
 * `@loop/core` and each of its subpath entries (`@loop/core/replay`, `@loop/core/dom`) aliased
 * to its TypeScript source, read from the package's `exports` so a new entry needs no edit here:
 * `.` is src/index.ts and `./name` src/name/index.ts. Exact patterns, one per entry: a plain
 * `'@loop/core'` alias also matches `@loop/core/dom` and turns it into src/index.ts/dom.
 */
const coreAliases = Object.keys(
  JSON.parse(readFileSync(resolve(coreDir, 'package.json'), 'utf8')).exports,
)
  .filter((entry) => entry !== './package.json')
  .map((entry) => {
    const sub = entry === '.' ? '' : entry.slice(1);
    return {
      find: new RegExp(`^@loop/core${sub}$`), // entries are plain names: nothing to escape
      replacement: resolve(coreDir, `src${sub}/index.ts`),
    };
  });

/**
 * The built docs under /docs/, beside the gallery, as in the built site; and the site's 404 page
 * (the one the build writes) for any path nothing else served, with status 404, where Vite would
 * answer a missing page with the gallery's index.html.
 * @param {string[]} folders the site's top-level folders, for the 404 page's link home
 */
function siteRoutes(folders) {
  const notFound = notFoundPage(folders);
  return {
    name: 'loop-site-routes',
    /** @param {import('vite').ViteDevServer} server */
    configureServer(server) {
      server.middlewares.use('/docs', sirv(docsDist, { dev: true }));
      // After Vite's own middlewares, before its index.html: a path that names none of the
      // gallery's HTML files gets the 404 page.
      return () => {
        server.middlewares.use((req, res, next) => {
          const path = decodeURIComponent(new URL(req.url ?? '/', 'http://site').pathname);
          const file = resolve(galleryRoot, `.${path.endsWith('/') ? `${path}index.html` : path}`);
          if (file.startsWith(galleryRoot) && existsSync(file)) return next();
          res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end(notFound);
        });
      };
    },
  };
}

/** A path pattern that matches `/<prefix>` and everything under it, not `/<prefix>other`. */
function under(prefix) {
  return `^/${prefix.replace(/^\/+|\/+$/g, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(/|\\?|$)`;
}

/**
 * Starts every app's server and the gallery's in front of them.
 * @param {{ port: number, host?: string, appPorts?: 'fixed' | 'any', logLevel?: import('vite').LogLevel }} options
 *   `port` the gallery's (0: any free one); `appPorts` 'fixed' gives each app its port of
 *   apps.json (strictly: a busy port fails), 'any' a free one (tests); `host` where all listen.
 * @returns {Promise<{ url: string, close: () => Promise<void> }>} the site's root URL
 */
export async function startDev({ port, host = 'localhost', appPorts = 'fixed', logLevel }) {
  /** @type {import('vite').ViteDevServer[]} */
  const servers = [];
  const close = () => Promise.all(servers.map((server) => server.close())).then(() => {});
  try {
    /** @type {Record<string, import('vite').ProxyOptions>} */
    const proxy = {};
    for (const app of allApps) {
      const server = await createServer({
        root: app.root,
        base: `/${app.name}/`,
        // A missing page is a 404, as in the built site, not the app's index.html.
        appType: 'mpa',
        clearScreen: false,
        logLevel,
        resolve: { alias: coreAliases },
        server: { port: appPorts === 'fixed' ? app.port : 0, strictPort: true, host },
      });
      servers.push(server);
      await server.listen();
      const address = server.httpServer?.address();
      const target = `http://${host}:${typeof address === 'object' && address ? address.port : 0}`;
      for (const path of [app.name, ...(app.paths ?? [])]) {
        proxy[under(path)] = { target, ws: true };
      }
    }
    const gallery = await createServer({
      root: galleryRoot,
      appType: 'mpa',
      clearScreen: false,
      logLevel,
      resolve: { alias: coreAliases },
      server: { port, strictPort: true, host, proxy },
      plugins: [siteRoutes(['docs', ...allApps.map((app) => app.name)])],
    });
    servers.push(gallery);
    await gallery.listen();
    const address = gallery.httpServer?.address();
    const listening = typeof address === 'object' && address ? address.port : port;
    return { url: `http://${host}:${listening}/`, close };
  } catch (error) {
    await close();
    throw error;
  }
}
