import type { UserConfig } from 'vite';
import { buildId } from './build-id.js';
import { ISOLATION, rapierWasm } from './rapier-wasm.js';
import { type VendorChunk, vendorChunks } from './vendor-chunks.js';

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
  /** The game's tests under Vitest ({@link rapierTestConfig}). Default no `test` settings. */
  readonly tests?: RapierTestOptions;
  /**
   * Packages the build puts in files of their own ({@link vendorChunks}): `['three', 'react',
   * 'rapier', 'vendor']` for a React Three Fiber game. Default none (Vite's own splitting).
   */
  readonly chunks?: readonly VendorChunk[];
}

/** Options of {@link rapierTestConfig}. */
export interface RapierTestOptions {
  /** The setup file that loads Rapier's WebAssembly before the tests (Node's fetch reads no files). */
  readonly setup: string;
  /** The slow end-to-end test files (whole sessions played): `npm run test:e2e`, not `npm test`. */
  readonly e2e: readonly string[];
  /** Milliseconds a test may take. Default 60 000: whole worlds stepped on a busy machine. */
  readonly timeout?: number;
}

/** Vitest's own default `exclude`, which a project that sets `exclude` must repeat. */
const VITEST_EXCLUDE = ['**/node_modules/**', '**/.git/**'];

/**
 * The `test` settings of a Rapier game under Vitest: Rapier's package inlined (ES modules without
 * file extensions, which Node cannot load itself: Vite transforms them, and the plugin empties
 * its .wasm import, as in the browser), the setup that loads the WebAssembly, a timeout for whole
 * worlds, and two projects: `unit` (`vitest run --project unit`, the everyday `npm test`, in
 * seconds: its files share one load of Rapier per worker) and `e2e` (`--project e2e`: the sessions played for thousands of steps). Both extend
 * the root config, so both keep the plugin; `vitest run` alone runs both.
 */
export function rapierTestConfig(
  name: string,
  options: RapierTestOptions,
): Record<string, unknown> {
  if (typeof options.setup !== 'string' || options.setup === '') {
    throw new RangeError(
      `rapierGameConfig tests.setup must be a file, got ${String(options.setup)}`,
    );
  }
  if (!Array.isArray(options.e2e)) {
    throw new RangeError(
      `rapierGameConfig tests.e2e must be a list of files, got ${String(options.e2e)}`,
    );
  }
  const timeout = options.timeout ?? 60_000;
  if (!(timeout > 0)) {
    throw new RangeError(`rapierGameConfig tests.timeout must be above 0, got ${timeout}`);
  }
  return {
    server: { deps: { inline: [name] } },
    setupFiles: [options.setup],
    testTimeout: timeout,
    projects: [
      // The unit files share their worker's modules (isolate off): Rapier's WebAssembly is
      // compiled once per worker, not once per file, which was most of `npm test`'s time.
      {
        extends: true,
        test: { name: 'unit', exclude: [...VITEST_EXCLUDE, ...options.e2e], isolate: false },
      },
      { extends: true, test: { name: 'e2e', include: [...options.e2e] } },
    ],
  };
}

/**
 * The Vite config every Rapier game of this kind starts from, so its vite.config.ts keeps only
 * its own tests: Rapier's WebAssembly a file of its own for the page and for the (module)
 * worker (`rapierWasm()`); the isolation headers (`ISOLATION`) for `vite` and `vite preview`,
 * so worker mode gets shared memory; `__BUILD__` defined as the {@link buildId} of the game's
 * source and of Rapier's, `@loop/core`'s and `@loop/rapier`'s versions, for its recordings.
 * With `tests`, Vitest's settings too ({@link rapierTestConfig}); with `chunks`, the packages in
 * files of their own ({@link vendorChunks}). Merge the game's own settings over it with Vite's
 * `mergeConfig`.
 */
export function rapierGameConfig(
  options: RapierGameConfigOptions,
): UserConfig & { test?: Record<string, unknown> } {
  const name = options.package ?? '@dimforge/rapier3d';
  const wasm = () => rapierWasm({ package: name, root: options.root });
  const dependencies = [name, '@loop/core', '@loop/rapier'];
  const id = buildId({ root: options.root, source: options.source ?? 'src', dependencies });
  const test = options.tests ? { test: rapierTestConfig(name, options.tests) } : {};
  const chunks = options.chunks;
  const build = chunks
    ? { build: { rolldownOptions: { output: { codeSplitting: vendorChunks(chunks) } } } }
    : {};
  return {
    ...test,
    ...build,
    server: { headers: { ...ISOLATION } },
    preview: { headers: { ...ISOLATION } },
    plugins: [wasm()],
    worker: { format: 'es', plugins: () => [wasm()] },
    define: { __BUILD__: JSON.stringify(id) },
  };
}
