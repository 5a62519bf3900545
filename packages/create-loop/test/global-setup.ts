import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startRegistry } from './registry-server.js';

const pkgDir = resolve(import.meta.dirname, '..');

const SKIP = new Set(['node_modules', 'dist', '.turbo']);

/** Newest modification time under `dir` (recursively, build output left out); 0 if missing. */
function newest(dir: string): number {
  if (!existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/**
 * The cli and e2e tests run the BUILT CLI. Turbo builds before testing; when the tests are run
 * by hand after an edit (of src/, the build script or a template), rebuild here instead of
 * testing a stale dist/. Then starts a registry on loopback that holds the fixture templates'
 * published versions, which the CLI tests point npm_config_registry at (`cleanEnv`), so the
 * CLI's check that they are published never leaves the machine.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  build();
  const registry = await startRegistry({
    packages: { '@loop/core': ['0.1.0'], '@loop/fixture-tools': ['1.2.3'] },
  });
  project.provide('registry', registry.url);
  return registry.stop;
}

function build(): void {
  const entry = join(pkgDir, 'dist', 'index.js');
  const stale =
    !existsSync(entry) ||
    !existsSync(join(pkgDir, 'dist', 'workspace-versions.json')) ||
    newest(join(pkgDir, 'src')) > statSync(entry).mtimeMs ||
    newest(join(pkgDir, '..', '..', 'templates')) > statSync(entry).mtimeMs ||
    statSync(join(pkgDir, 'scripts', 'build.mjs')).mtimeMs > statSync(entry).mtimeMs;
  if (!stale) return;
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], {
    cwd: pkgDir,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('create-loop build failed; see the output above');
}
