import { defineConfig } from 'vite';

export default defineConfig({
  // three.js alone is about 550 kB minified: the default 500 kB warning would fire on every build.
  build: { chunkSizeWarningLimit: 800 },
});
