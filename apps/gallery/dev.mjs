/**
 * `pnpm dev`: one command, one Vite dev server per app. The gallery on 5173 and each template
 * on its own fixed port (strictPort: a busy port fails loudly instead of moving the app away
 * from the gallery's link). Templates run from their own folders, so there is no copy of their
 * code, and `@loop/core` resolves to its TypeScript source so an edit in core reloads every
 * app without a rebuild. The gallery's server also serves the API reference at /api/ as the
 * docs package last built it (`pnpm dev` at the root builds it first).
 */
import { resolve } from 'node:path';
import sirv from 'sirv';
import { createServer } from 'vite';
import { apps, docsDist, galleryPort, galleryRoot, repoRoot } from './apps.mjs';

const core = resolve(repoRoot, 'packages/core/src/index.ts');

/** The built API reference under /api/, beside the gallery, as in the built site. */
const apiReference = {
  name: 'loop-api-reference',
  /** @param {import('vite').ViteDevServer} server */
  configureServer(server) {
    server.middlewares.use('/api', sirv(docsDist, { dev: true }));
  },
};

/** @param {string} root @param {number} port */
function serve(root, port) {
  return createServer({
    root,
    clearScreen: false,
    resolve: { alias: { '@loop/core': core } },
    server: { port, strictPort: true },
    plugins: root === galleryRoot ? [apiReference] : [],
  });
}

const servers = [];
try {
  for (const [root, port] of [
    [galleryRoot, galleryPort],
    ...apps.map((app) => [app.root, app.port]),
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
console.log(`  gallery    http://localhost:${galleryPort}/`);
console.log(`  api        http://localhost:${galleryPort}/api/`);
for (const app of apps) console.log(`  ${app.name.padEnd(10)} http://localhost:${app.port}/`);
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
