import { constants } from 'node:fs';
import { copyFile, lstat, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Files that npm would drop or rename when packing, stored under another name in the tarball
 * and renamed back when a project is scaffolded. npm never packs `.gitignore` (it is also
 * read as an ignore file) nor `.npmrc`, which is how scaffolds "lose" them.
 */
export const SCAFFOLD_RENAMES: Readonly<Record<string, string>> = {
  _gitignore: '.gitignore',
  _npmrc: '.npmrc',
};

/** The reverse of `SCAFFOLD_RENAMES`, used when the build copies templates into the package. */
export const PACK_RENAMES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(SCAFFOLD_RENAMES).map(([packed, real]) => [real, packed]),
);

const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.turbo']);

/**
 * True for build output and installs that must never travel with a template: node_modules,
 * dist, .turbo and *.tsbuildinfo (the template may have been built in the monorepo).
 */
export function isBuildArtifact(name: string, isDirectory: boolean): boolean {
  return (isDirectory && SKIPPED_DIRS.has(name)) || name.endsWith('.tsbuildinfo');
}

/**
 * A template's top-level files that serve the monorepo's own checks, not a game made from it:
 * Stryker's config, its committed incremental results (`mutation/`), the list of equivalent
 * mutants and the reports. The build leaves them out of the package, and
 * `withoutMonorepoTooling` the script and devDependencies that run them: a scaffold could not
 * run them (they reach into the monorepo), and Stryker is a large install no game asked for.
 */
export const MONOREPO_ONLY: readonly string[] = [
  'MUTANTS.md',
  'mutation',
  'reports',
  'stryker.config.mjs',
];

/** How `copyDir` names and filters entries. */
export interface CopyOptions {
  /** Old name -> new name, applied to files at any depth (e.g. `SCAFFOLD_RENAMES`). */
  renames?: Readonly<Record<string, string>>;
  /** Return true to leave an entry (and everything below it) out. */
  skip?: (name: string, isDirectory: boolean) => boolean;
}

/**
 * Copies the directory `from` into `to` (created if missing), renaming and skipping entries as
 * told, and returns the number of files written. Never overwrites: each file is created with
 * COPYFILE_EXCL.
 *
 * Why our own and not `fs.cp`: we need the renames and filters at every depth, and we refuse
 * symlinks, FIFOs and devices instead of following or copying them, so that a template can
 * never make create-loop write outside the target or hang reading a pipe. Files are copied one
 * at a time, so an interruption leaves at most one partial file, inside the staging directory.
 */
export async function copyDir(
  from: string,
  to: string,
  options: CopyOptions = {},
): Promise<number> {
  const { renames = {}, skip = isBuildArtifact } = options;
  await mkdir(to, { recursive: true });
  let count = 0;
  const entries = await readdir(from);
  entries.sort();
  for (const name of entries) {
    const source = join(from, name);
    const stats = await lstat(source);
    const isDirectory = stats.isDirectory();
    if (skip(name, isDirectory)) continue;
    if (isDirectory) {
      count += await copyDir(source, join(to, name), options);
    } else if (stats.isFile()) {
      const renamed = Object.hasOwn(renames, name) ? renames[name] : undefined;
      await copyFile(source, join(to, renamed ?? name), constants.COPYFILE_EXCL);
      count += 1;
    } else {
      throw new Error(`cannot copy ${source}: only regular files and directories are allowed`);
    }
  }
  return count;
}
