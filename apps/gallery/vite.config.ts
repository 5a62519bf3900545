import { defineConfig } from 'vite';

/**
 * `pnpm preview` serves the built site with the cross-origin isolation headers, as a host that
 * can send them would: the rapier app's worker mode then hands snapshots over through shared
 * memory. On a host that cannot (GitHub Pages), it falls back to transferred buffers; the site
 * tests run it both ways. The dev server sends them per app, from each app's own config.
 */
export default defineConfig({
  preview: {
    headers: {
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
    },
  },
});
