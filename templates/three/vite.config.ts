import { defineConfig } from 'vite';

export default defineConfig({
  build: {
    rolldownOptions: {
      output: {
        // three.js (about 560 kB minified) in two files of its own, its core and its WebGL
        // renderer: each under Vite's 500 kB warning, fetched in parallel with the game's code,
        // and still cached when only the game changes.
        codeSplitting: {
          groups: [
            {
              name: 'three-core',
              test: /[\\/]node_modules[\\/]three[\\/]build[\\/]three\.core\.js$/,
            },
            { name: 'three', test: /[\\/]node_modules[\\/]three[\\/]/ },
          ],
        },
      },
    },
  },
});
