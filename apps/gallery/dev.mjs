/**
 * `pnpm dev`: one command, one Vite dev server per app. The gallery on 5173 and each template
 * on its own fixed port (strictPort: a busy port fails loudly instead of moving the app away
 * from the gallery's link). Templates run from their own folders, so there is no copy of their
 * code, and `@loop/core` resolves to its TypeScript source so an edit in core reloads every
 * app without a rebuild.
 */
import { resolve } from 'node:path';
import { createServer } from 'vite';
import { apps, galleryPort, galleryRoot, repoRoot } from './apps.mjs';

const core = resolve(repoRoot, 'packages/core/src/index.ts');

/** @param {string} root @param {number} port */
function serve(root, port) {
  return createServer({
    root,
    clearScreen: false,
    resolve: { alias: { '@loop/core': core } },
    server: { port, strictPort: true },
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
