/**
 * The arguments of `pnpm create:local` (scripts/create-local.mjs), checked with the create-loop
 * built in this clone: a wrong flag, no folder, an unknown template, or a folder inside the
 * repository but outside games/ is one line, before anything is installed, built or written.
 * scripts/quickstart.mjs calls it before `pnpm install` when create-loop is already built, so a
 * typo fails in a second instead of after a screen of pnpm and turbo output.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const USAGE = 'usage: pnpm create:local <dir> --template <name> [create-loop options]';

/** A wrong argument: `message` is the one line to print, `exitCode` the status to exit with. */
export class ArgsError extends Error {
  /** @param {string} message @param {number} exitCode */
  constructor(message, exitCode) {
    super(message);
    this.exitCode = exitCode;
  }
}

/** Where create-loop's build is, in the clone at `root`. */
export function builtCli(root) {
  return join(root, 'packages', 'create-loop', 'dist');
}

/** Whether create-loop is built, so {@link checkCreateArgs} can run before the build. */
export function canCheck(root) {
  return ['args.js', 'workspace.js', 'templates.js'].every((file) =>
    existsSync(join(builtCli(root), file)),
  );
}

/**
 * Checks `args` as typed in `cwd`, with create-loop's own parser, template list and workspace
 * check (so the rules live in one place). Returns where the game goes and whether that is inside
 * the repository (a game under games/); throws an {@link ArgsError} when an argument is wrong.
 * `--help`, `--list` and `--version` are create-loop's to answer: nothing to check.
 *
 * @param {readonly string[]} args @param {{ root: string, cwd: string }} where
 * @returns {Promise<{ target: string, inRepo: boolean } | undefined>}
 */
export async function checkCreateArgs(args, { root, cwd }) {
  const load = (file) => import(pathToFileURL(join(builtCli(root), file)).href);
  const [{ parseCliArgs }, { findPnpmWorkspace }, { listTemplates, findTemplate }] =
    await Promise.all([load('args.js'), load('workspace.js'), load('templates.js')]);
  let parsed;
  try {
    parsed = parseCliArgs(args);
    if (parsed.help || parsed.list || parsed.version) return undefined;
    if (parsed.template !== undefined) {
      findTemplate(await listTemplates(join(root, 'templates')), parsed.template);
    }
  } catch (error) {
    throw new ArgsError(error instanceof Error ? error.message : String(error), 2);
  }
  if (parsed.targetDir === undefined)
    throw new ArgsError(`name the folder of the new game. ${USAGE}`, 2);
  const target = resolve(cwd, parsed.targetDir);
  const fromRoot = relative(root, target);
  const inRepo = !fromRoot.startsWith('..') && !isAbsolute(fromRoot);
  if (inRepo && !(await findPnpmWorkspace(target))?.covers) {
    throw new ArgsError(
      `${target} is inside this repository but not under games/: create the game outside it ` +
        `(e.g. ../${fromRoot.split(/[\\/]/).pop()}) or as games/<name> to work on it beside the templates`,
      1,
    );
  }
  return { target, inRepo };
}
