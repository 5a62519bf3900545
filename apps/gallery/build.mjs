/**
 * `pnpm build`: one static site in dist/: the gallery at its root and each template built
 * from its own folder into dist/<name>/ with relative asset paths, so `vite preview` (or any
 * static host) serves every app and the gallery links to them as ./<name>/. Templates use
 * the built `@loop/core` here, exactly as a project made from them does.
 */
import { resolve } from 'node:path';
import { build } from 'vite';
import { apps, galleryRoot } from './apps.mjs';

const dist = resolve(galleryRoot, 'dist');

await build({ root: galleryRoot, base: './', build: { outDir: dist, emptyOutDir: true } });
for (const app of apps) {
  await build({
    root: app.root,
    base: './',
    build: { outDir: resolve(dist, app.name), emptyOutDir: true },
  });
}
