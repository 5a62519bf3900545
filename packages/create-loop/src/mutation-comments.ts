import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A line that is only a Stryker directive (`// Stryker disable next-line Kind: reason`,
 * `// Stryker restore Kind`): how the monorepo marks a mutant it cannot kill, and why.
 */
const DIRECTIVE = /^[ \t]*\/\/ Stryker (?:disable|restore)\b.*(?:\r?\n|$)/gm;

/** The files whose lines may carry a Stryker directive: the templates' code. */
const SOURCE = /\.(?:[cm]?[jt]s|tsx|jsx)$/;

/**
 * `text` without its Stryker directive lines. The monorepo's mutation testing (left out of a
 * scaffold with its files and scripts) marks equivalent mutants in the templates' code; in a
 * game made from a template those lines would only point at a tool the game does not have.
 * Only whole lines go, so the code and every other comment stay as they were.
 */
export function withoutMutationComments(text: string): string {
  return text.replace(DIRECTIVE, '');
}

/**
 * Rewrites every source file under `dir` (a template the build just copied into the package)
 * without its Stryker directive lines; other files are left untouched. Returns how many files
 * changed.
 */
export async function stripMutationComments(dir: string): Promise<number> {
  let changed = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      changed += await stripMutationComments(path);
    } else if (entry.isFile() && SOURCE.test(entry.name)) {
      const text = await readFile(path, 'utf8');
      const stripped = withoutMutationComments(text);
      if (stripped !== text) {
        await writeFile(path, stripped);
        changed += 1;
      }
    }
  }
  return changed;
}
