/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ISOLATION, rapierWasm } from '@loop/rapier/vite';
import { defineConfig } from 'vite';
import { configDefaults } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The build id every recording carries (`__BUILD__` in src/build.ts): a hash of the game's own
 * source (src/, tests and their helpers left out) and of the installed versions of Rapier,
 * @loop/core and @loop/rapier (a dependency that is not installed fails the build, never hashes as ''). A recording only
 * replays faithfully on the code that made it, so a change to any of these gives a new id and
 * `Recording.fromBytes` refuses older files with a clear error instead of showing a replay that
 * drifts away. Computed when Vite starts (dev server, build, vitest): in `npm run dev` an edit
 * keeps the id until the server restarts, and then the per-tick hash check catches the change.
 */
function buildId(): string {
  const hash = createHash('sha256');
  const src = join(root, 'src');
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|css)$/.test(file) && !/\.test[.-]/.test(file))
    .sort();
  for (const file of files) {
    hash.update(file);
    hash.update(readFileSync(join(src, file)));
  }
  for (const dependency of [RAPIER_PACKAGE, '@loop/core', '@loop/rapier']) {
    const manifest = join(root, 'node_modules', dependency, 'package.json');
    if (!existsSync(manifest)) throw new Error(`build id: ${dependency} is not installed`);
    hash.update(`${dependency}@${JSON.parse(readFileSync(manifest, 'utf8')).version}`);
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * The Rapier build whose WebAssembly is a file of its own (rapierWasm() of @loop/rapier/vite
 * serves it to src/load-rapier.ts). Another build with the same files
 * (`@dimforge/rapier3d-deterministic`) goes here and in the imports of src/.
 */
const RAPIER_PACKAGE = '@dimforge/rapier3d';
/** Rapier's WebAssembly for the page and for the worker, found from this project. */
const wasm = () => rapierWasm({ package: RAPIER_PACKAGE, root: import.meta.url });

/** The tests that play whole sessions (seconds each): `npm run test:e2e`. */
const SESSIONS = ['src/replay.test.ts', 'src/respawn.test.ts', 'src/drop.test.ts'];

/**
 * Cross-origin isolation (ISOLATION of @loop/rapier/vite): with these two headers the page gets
 * SharedArrayBuffer, and worker mode hands snapshots over through shared memory (the overlay
 * says `worker (shared)`). A host that cannot send them still runs worker mode, over transferred
 * buffers (`worker (message)`), with the same results. Sent by `npm run dev` and `npm run
 * preview`; on your host, see README.
 */
export default defineConfig({
  server: { headers: ISOLATION },
  preview: { headers: ISOLATION },
  // Rapier's WebAssembly is a file of its own, for the page and for the worker.
  plugins: [wasm()],
  // The simulation worker (src/sim.worker.ts) is a module worker, bundled as one.
  worker: { format: 'es', plugins: () => [wasm()] },
  define: { __BUILD__: JSON.stringify(buildId()) },
  test: {
    // Rapier's package is ES modules without file extensions, which Node cannot load itself:
    // Vite transforms it (and the plugin empties its .wasm import), as in the browser.
    server: { deps: { inline: [RAPIER_PACKAGE] } },
    // Node's fetch reads no files: the tests load the WebAssembly from a data: URL first.
    setupFiles: ['src/rapier.test-setup.ts'],
    // Whole worlds stepped and compared byte for byte: seconds each on a busy two-core machine.
    testTimeout: 60_000,
    // `npm test` (unit): every test but the long sessions, in seconds. `npm run test:e2e`: the
    // sessions played for thousands of steps and replayed tick for tick (record and replay,
    // respawns, drops). `vitest run` alone runs both.
    projects: [
      { extends: true, test: { name: 'unit', exclude: [...configDefaults.exclude, ...SESSIONS] } },
      { extends: true, test: { name: 'e2e', include: SESSIONS } },
    ],
  },
});
