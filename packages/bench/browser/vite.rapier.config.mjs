/**
 * The Vite config of both browser benchmarks (run.mjs, worker-run.mjs), which build the rapier
 * template's own code: that code loads Rapier's WebAssembly as a file of its own, through the
 * plugin of @loop/rapier/vite, for the page and for the worker, exactly as the game builds it.
 */

import { rapierWasm } from '@loop/rapier/vite';
import { defineConfig } from 'vite';

/** Rapier resolved as the template resolves it (the bench itself depends on the -compat build). */
const wasm = () =>
  rapierWasm({ root: new URL('../../../templates/rapier/package.json', import.meta.url).href });

export default defineConfig({
  plugins: [wasm()],
  worker: { format: 'es', plugins: () => [wasm()] },
});
