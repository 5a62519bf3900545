import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { forPackageManager } from './commands.js';
import { copyDir, isBuildArtifact, SCAFFOLD_RENAMES } from './copy.js';
import { formatManifest, parseManifest, toScaffoldManifest } from './manifest.js';
import type { PackageManagerName } from './package-manager.js';
import { type AtomicWriteOptions, writeAtomically } from './staging.js';
import type { WorkspaceVersions } from './workspace-deps.js';

/** Everything `scaffold` needs; the CLI has resolved and validated all of it. */
export interface ScaffoldOptions {
  /** The template folder to copy. */
  templateDir: string;
  /** Absolute path of the new project. */
  target: string;
  /** A valid npm package name for the new project's package.json. */
  packageName: string;
  /** Published versions of the monorepo's packages, for `workspace:` specs. */
  versions: WorkspaceVersions;
  /** Dependencies whose `workspace:` specs stay (see `planWorkspaceLink`); default none. */
  keepWorkspace?: ReadonlySet<string>;
  overwrite: boolean;
  /** Who ran create-loop: the README's commands are written for it. Default npm. */
  packageManager?: PackageManagerName;
  /** What the user was told `overwrite` removes; see `AtomicWriteOptions.removing`. */
  removing?: readonly string[];
  onInterrupt?: AtomicWriteOptions['onInterrupt'];
}

/**
 * Creates a project from a template: copies it (with `_gitignore` -> `.gitignore`, build output
 * left out) into a staging directory, rewrites its package.json (name, `workspace:` specs) and
 * its README's commands (for the package manager), then moves it into place. Returns the
 * number of files written.
 *
 * Why staged: see `writeAtomically`; a project either appears complete or not at all.
 */
export async function scaffold(options: ScaffoldOptions): Promise<number> {
  let files = 0;
  const atomic: AtomicWriteOptions = {
    overwrite: options.overwrite,
    removing: options.removing,
    onInterrupt: options.onInterrupt,
  };
  await writeAtomically(options.target, atomic, async (dir) => {
    files = await copyDir(options.templateDir, dir, {
      renames: SCAFFOLD_RENAMES,
      skip: isBuildArtifact,
    });
    const file = join(dir, 'package.json');
    const manifest = toScaffoldManifest(parseManifest(await readFile(file, 'utf8'), file), {
      name: options.packageName,
      versions: options.versions,
      keepWorkspace: options.keepWorkspace,
    });
    await writeFile(file, formatManifest(manifest));
    const pm = options.packageManager ?? 'npm';
    const readme = join(dir, 'README.md');
    const text = await readFile(readme, 'utf8').catch(() => undefined);
    if (text !== undefined) await writeFile(readme, forPackageManager(text, pm));
  });
  return files;
}
