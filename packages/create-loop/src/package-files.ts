import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CliError } from './errors.js';
import { parseManifest } from './manifest.js';
import type { WorkspaceVersions } from './workspace-deps.js';

/**
 * The root of the installed create-loop package (the folder holding its package.json,
 * `dist/` and `templates/`), found from this file's own URL.
 *
 * Why from `import.meta.url`: `npm exec`, `pnpm dlx` and `yarn create` each install us in a
 * different cache folder; the files we ship are always beside us, wherever that is.
 */
export function packageRoot(): string {
  return dirname(dirname(fileURLToPath(import.meta.url)));
}

/** Where the build puts the templates: `<root>/templates/<name>/`. */
export function templatesDir(root: string = packageRoot()): string {
  return join(root, 'templates');
}

/** The generated map of workspace package versions, written by `scripts/build.mjs`. */
export function versionsFile(root: string = packageRoot()): string {
  return join(root, 'dist', 'workspace-versions.json');
}

/** create-loop's own version, for `--version`, read from the package.json we ship with. */
export async function readOwnVersion(root: string = packageRoot()): Promise<string> {
  const file = join(root, 'package.json');
  const version = parseManifest(await readFile(file, 'utf8'), file).version;
  return typeof version === 'string' ? version : '0.0.0';
}

/**
 * Reads the versions of the monorepo's published packages (`{"@loop/core": "0.1.0"}`), which
 * the build embedded so that `workspace:^` can become `^0.1.0` on copy.
 *
 * Why embedded and not looked up on the registry: scaffolding must work offline, and the
 * templates in this tarball were tested against exactly these versions.
 */
export async function readWorkspaceVersions(
  file: string = versionsFile(),
): Promise<WorkspaceVersions> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new CliError(`${file} is missing; this create-loop was not built with its build script`);
  }
  const versions = parseManifest(text, file);
  for (const [name, version] of Object.entries(versions)) {
    if (typeof version !== 'string')
      throw new CliError(`${file}: the version of ${name} is not a string`);
  }
  return versions as Record<string, string>;
}
