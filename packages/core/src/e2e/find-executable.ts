/// <reference types="node" />
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * An environment to read (process.env by default): its own type, not Node's, so the declarations
 * of `@loop/core/e2e` need no `@types/node` in the project that imports them.
 */
export type Env = Readonly<Record<string, string | undefined>>;

/**
 * Where a search looks: the environment (variables, PATH) and the usual install paths. Tests of
 * a finder pass both, so the search looks nowhere but where they say.
 */
export interface SearchPlaces {
  /** The environment to read (default process.env): the variables named, PATH, PATHEXT. */
  readonly env?: Env;
  /** Install paths tried in order before PATH (default: the platform's usual ones). */
  readonly usual?: readonly string[];
}

/**
 * What a search found: the program's path, or why there is none (one clause, such as `no
 * redis-server found`, that a skip line or an error message goes on with what to install).
 */
export type Found =
  | { readonly path: string; readonly why?: undefined }
  | { readonly path: undefined; readonly why: string };

/**
 * Whether `path` is a file this process may run. A folder, a missing file or one without the
 * execute bit (on Windows any file: it has no such bit) is not: a test that spawns it would
 * fail with an error far less clear than "not found".
 */
export function isExecutable(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * `which`, without spawning it (Windows has none; PATHEXT gives its suffixes there): the first of
 * `names` found executable in a folder of PATH, folder by folder, as a shell would pick it.
 */
export function onPath(names: readonly string[], env: Env): string | undefined {
  const suffixes =
    process.platform === 'win32' ? ['', ...(env.PATHEXT ?? '.EXE;.CMD').split(';')] : [''];
  for (const folder of (env.PATH ?? '').split(delimiter)) {
    if (folder === '') continue;
    for (const name of names) {
      for (const suffix of suffixes) {
        const path = join(folder, name + suffix);
        if (isExecutable(path)) return path;
      }
    }
  }
  return undefined;
}

/**
 * Finds a program the usual ways, in this order: the first of `variables` that is set (an
 * explicit choice: when it names no executable file, nothing else is tried and `why` says so,
 * rather than silently running another program), then `candidates` (paths or lazily computed
 * ones, such as Playwright's browser), then `names` on PATH. `missing` describes what was looked
 * for, for `why`. Every finder of this entry is one call of it, so they all behave alike.
 */
export function findExecutable(options: {
  readonly variables: readonly string[];
  readonly candidates: readonly (string | (() => string | undefined))[];
  readonly names: readonly string[];
  readonly env: Env;
  readonly missing: string;
}): Found {
  const { env } = options;
  for (const variable of options.variables) {
    const value = env[variable];
    if (value === undefined || value === '') continue;
    if (isExecutable(value)) return { path: value };
    return { path: undefined, why: `${variable} is ${value}, which is no executable file` };
  }
  for (const candidate of options.candidates) {
    const path = typeof candidate === 'string' ? candidate : candidate();
    if (path !== undefined && isExecutable(path)) return { path };
  }
  const path = onPath(options.names, env);
  if (path !== undefined) return { path };
  return { path: undefined, why: `no ${options.missing} found` };
}
