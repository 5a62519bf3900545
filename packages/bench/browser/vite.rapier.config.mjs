/**
 * The Vite config of both browser benchmarks (run.mjs, worker-run.mjs), which build the rapier
 * template's own code: that code loads Rapier's WebAssembly as a file of its own, through the
 * template's plugin, for the page and for the worker, exactly as the game builds it.
 */
import { defineConfig } from 'vite';
import { rapierWasm } from '../../../templates/rapier/rapier-wasm.ts';

export default defineConfig({
  plugins: [rapierWasm()],
  worker: { format: 'es', plugins: () => [rapierWasm()] },
});
