import type { UserConfig } from 'vite';
import { buildId } from './build-id.js';
import { ISOLATION, rapierWasm } from './rapier-wasm.js';

/** Options of {@link rapierGameConfig}. */
export interface RapierGameConfigOptions {
  /** `import.meta.url` of the game's vite.config.ts: where its source and packages are. */
  readonly root: string;
  /**
   * The Rapier build whose WebAssembly is a file of its own. Default `@dimforge/rapier3d`;
   * `@dimforge/rapier3d-deterministic` has the same files.
   */
  readonly package?: string;
  /** The game's source folder, hashed into the build id. Default `src`. */
  readonly source?: string;
}

/**
 * The Vite config every Rapier game of this kind starts from, so its vite.config.ts keeps only
 * its own tests: Rapier's WebAssembly a file of its own for the page and for the (module)
 * worker (`rapierWasm()`); the isolation headers (`ISOLATION`) for `vite` and `vite preview`,
 * so worker mode gets shared memory; `__BUILD__` defined as the {@link buildId} of the game's
 * source and of Rapier's, `@loop/core`'s and `@loop/rapier`'s versions, for its recordings.
 * Merge the game's own settings over it with Vite's `mergeConfig`.
 */
export function rapierGameConfig(options: RapierGameConfigOptions): UserConfig {
  const name = options.package ?? '@dimforge/rapier3d';
  const wasm = () => rapierWasm({ package: name, root: options.root });
  const dependencies = [name, '@loop/core', '@loop/rapier'];
  const id = buildId({ root: options.root, source: options.source ?? 'src', dependencies });
  return {
    server: { headers: { ...ISOLATION } },
    preview: { headers: { ...ISOLATION } },
    plugins: [wasm()],
    worker: { format: 'es', plugins: () => [wasm()] },
    define: { __BUILD__: JSON.stringify(id) },
  };
}
