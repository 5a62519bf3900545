/**
 * `pnpm dev`: one command, one URL. The gallery on http://localhost:5173/ and every app under
 * it at /<name>/, the docs at /docs/: the same paths as the built site, so every link between
 * them works as it will when deployed (dev-server.mjs). Each app runs in a Vite dev server of
 * its own on its fixed port of apps.json (strictPort: a busy port fails loudly), from its own
 * folder with no copy of its code, and `@loop/core` resolves to its TypeScript source so an
 * edit in core reloads every app without a rebuild. The docs are served as the docs package
 * last built them (`pnpm dev` at the root builds it first). A server app (multiplayer) is
 * served the same way: its vite.config.ts applies, and its plugin starts the game server in
 * this process.
 */
import { allApps, galleryPort } from './apps.mjs';
import { startDev } from './dev-server.mjs';

let site;
try {
  site = await startDev({ port: galleryPort });
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

console.log('\n  loop apps\n');
console.log(`  gallery      ${site.url}`);
console.log(`  docs         ${site.url}docs/`);
for (const app of allApps) console.log(`  ${app.name.padEnd(12)} ${site.url}${app.name}/`);
console.log('\n  press Ctrl+C to stop\n');

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    await site.close();
    process.exit(0);
  });
}
