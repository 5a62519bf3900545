/**
 * `pnpm build`: one static site in dist/: the gallery at its root, each template built from its
 * own folder into dist/<name>/ with relative asset paths, the docs of @loop/core (Getting started,
 * the guides and the reference, built by the docs package, which turbo builds first: it is a
 * devDependency) copied to dist/docs/, a picture of each app (thumbnails.mjs) and
 * a 404.html. Every link is relative, so `vite preview` or any static host serves the folder
 * as it is, under any path (a GitHub Pages project site included). Templates use the built
 * `@loop/core` here, exactly as a project made from them does.
 */
import { cpSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'vite';
import { apps, docsDist, galleryRoot } from './apps.mjs';
import { notFoundPage } from './not-found.mjs';
import { makeThumbnails } from './thumbnails.mjs';

const dist = resolve(galleryRoot, 'dist');

if (!existsSync(resolve(docsDist, 'index.html'))) {
  console.error(`gallery build: no docs in ${docsDist}: build the docs package first`);
  console.error('(`pnpm build` at the root does: turbo builds docs before the gallery).');
  process.exit(1);
}

await build({ root: galleryRoot, base: './', build: { outDir: dist, emptyOutDir: true } });
for (const app of apps) {
  await build({
    root: app.root,
    base: './',
    build: { outDir: resolve(dist, app.name), emptyOutDir: true },
  });
}
cpSync(docsDist, resolve(dist, 'docs'), { recursive: true });
await makeThumbnails(dist, apps);

const folders = readdirSync(dist, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
writeFileSync(resolve(dist, '404.html'), notFoundPage(folders));
// A branch-deployed Pages site runs Jekyll, which drops files whose names start with "_".
writeFileSync(resolve(dist, '.nojekyll'), '');
console.log(`gallery build: ${dist} (gallery, ${folders.join(', ')}, 404.html)`);
