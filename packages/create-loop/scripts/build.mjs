#!/usr/bin/env node
/**
 * Builds create-loop for publishing:
 *   1. dist/       the CLI, compiled by the native tsc (TypeScript 7) from src/
 *   2. templates/  a copy of the monorepo's templates/<name>/, without node_modules, dist,
 *                  .turbo and *.tsbuildinfo, with .gitignore/.npmrc stored as _gitignore/_npmrc
 *                  (npm never packs those two names), and without the monorepo's mutation
 *                  testing (MONOREPO_ONLY files, the mutate script, Stryker's devDependencies,
 *                  the `// Stryker disable …` lines in the code)
 *   3. dist/workspace-versions.json   the versions of the monorepo's published packages, so the
 *                  CLI can turn `workspace:^` into `^<version>` without a registry
 * and checks that every `workspace:` spec in every template resolves, so a template that
 * depends on an unpublished package fails here instead of in a user's `npm install`.
 * Plain .mjs (not type-checked) because it runs before dist/ exists and then imports it.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

const pkgDir = resolve(import.meta.dirname, '..');
const repoRoot = resolve(pkgDir, '../..');
const dist = join(pkgDir, 'dist');
const templatesOut = join(pkgDir, 'templates');

function fail(message) {
  console.error(`create-loop build: ${message}`);
  process.exit(1);
}

// 1. Compile.
rmSync(dist, { recursive: true, force: true });
const tsc = join(
  dirname(createRequire(import.meta.url).resolve('typescript/package.json')),
  'bin/tsc',
);
const compiled = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], {
  cwd: pkgDir,
  stdio: 'inherit',
});
if (compiled.status !== 0) fail(`tsc exited with ${compiled.status ?? compiled.signal}`);
chmodSync(join(dist, 'index.js'), 0o755);

const { copyDir, isBuildArtifact, MONOREPO_ONLY, PACK_RENAMES } = await import('../dist/copy.js');
const { stripMutationComments } = await import('../dist/mutation-comments.js');
const { formatManifest, withoutMonorepoTooling } = await import('../dist/manifest.js');
const { findWorkspaceSpecs, rewriteWorkspaceDeps, DEPENDENCY_FIELDS } = await import(
  '../dist/workspace-deps.js'
);

// 3 (first, the templates need it). Versions of the published workspace packages.
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const versions = {};
for (const name of readdirSync(join(repoRoot, 'packages')).sort()) {
  const file = join(repoRoot, 'packages', name, 'package.json');
  if (!existsSync(file)) continue;
  const manifest = readJson(file);
  if (manifest.private || typeof manifest.version !== 'string' || manifest.name === 'create-loop') {
    continue;
  }
  versions[manifest.name] = manifest.version;
}
writeFileSync(join(dist, 'workspace-versions.json'), `${JSON.stringify(versions, null, 2)}\n`);

// 2. Templates.
rmSync(templatesOut, { recursive: true, force: true });
const source = join(repoRoot, 'templates');
const names = existsSync(source)
  ? readdirSync(source, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(source, d.name, 'package.json')))
      .map((d) => d.name)
      .sort()
  : [];
if (names.length === 0) {
  console.warn(`create-loop build: warning: no templates in ${source}; the CLI will refuse to run`);
}
for (const name of names) {
  const manifest = readJson(join(source, name, 'package.json'));
  try {
    const left = findWorkspaceSpecs(rewriteWorkspaceDeps(manifest, versions));
    if (left.length > 0)
      fail(`templates/${name}: unsupported workspace: specs: ${left.join(', ')}`);
  } catch (error) {
    fail(`templates/${name}/package.json: ${error.message}`);
  }
  for (const field of DEPENDENCY_FIELDS) {
    for (const [dep, spec] of Object.entries(manifest[field] ?? {})) {
      if (String(spec).startsWith('catalog:') || String(spec).startsWith('link:')) {
        fail(`templates/${name}: ${field}.${dep} is "${spec}", which cannot be published`);
      }
    }
  }
  const out = join(templatesOut, name);
  await copyDir(join(source, name), out, { renames: PACK_RENAMES, skip: isBuildArtifact });
  // The monorepo's mutation testing stays behind: its files, its script and devDependencies.
  for (const entry of MONOREPO_ONLY) rmSync(join(out, entry), { recursive: true, force: true });
  // So do its `// Stryker disable …` lines in the code, which a game has no tool to read.
  await stripMutationComments(out);
  const files = readdirSync(out, { recursive: true, withFileTypes: true }).filter((e) =>
    e.isFile(),
  ).length;
  writeFileSync(join(out, 'package.json'), formatManifest(withoutMonorepoTooling(manifest)));
  console.log(`create-loop build: templates/${name} (${files} files)`);
}
console.log(`create-loop build: versions ${JSON.stringify(versions)}`);
