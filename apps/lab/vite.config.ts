import { defineConfig } from 'vite';

export default defineConfig({
  // Relative asset paths: the gallery serves the lab under lab/, GitHub Pages under a sub-path.
  base: './',
});
