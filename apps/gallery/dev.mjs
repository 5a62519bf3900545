/**
 * `pnpm dev`: one command, one Vite dev server per app. The gallery on 5173 and each template
 * on its own fixed port (strictPort: a busy port fails loudly instead of moving the app away
 * from the gallery's link). Templates run from their own folders, so there is no copy of their
 * code, and `@loop/core` resolves to its TypeScript source so an edit in core reloads every
 * app without a rebuild. The gallery's server also serves the docs at /docs/ as the docs
 * package last built them (`pnpm dev` at the root builds it first). A server app (multiplayer)
 * is served the same way: its vite.config.ts applies, and its plugin starts the game server in
 * this process and proxies it on the app's own URL.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sirv from 'sirv';
import { createServer } from 'vite';
import { allApps, docsDist, galleryPort, galleryRoot, repoRoot } from './apps.mjs';

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

/** The built docs under /docs/, beside the gallery, as in the built site. */
const docs = {
  name: 'loop-docs',
  /** @param {import('vite').ViteDevServer} server */
  configureServer(server) {
    server.middlewares.use('/docs', sirv(docsDist, { dev: true }));
  },
};

/** @param {string} root @param {number} port */
function serve(root, port) {
  return createServer({
    root,
    clearScreen: false,
    resolve: { alias: coreAliases },
    server: { port, strictPort: true },
    plugins: root === galleryRoot ? [docs] : [],
  });
}

const servers = [];
try {
  for (const [root, port] of [
    [galleryRoot, galleryPort],
    ...allApps.map((app) => [app.root, app.port]),
  ]) {
    const server = await serve(root, port);
    servers.push(server);
    await server.listen();
  }
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : error}`);
  await Promise.all(servers.map((server) => server.close()));
  process.exit(1);
}

console.log('\n  loop apps\n');
console.log(`  gallery      http://localhost:${galleryPort}/`);
console.log(`  docs         http://localhost:${galleryPort}/docs/`);
for (const app of allApps) console.log(`  ${app.name.padEnd(12)} http://localhost:${app.port}/`);
console.log('\n  press Ctrl+C to stop\n');

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    await Promise.all(servers.map((server) => server.close()));
    process.exit(0);
  });
}
