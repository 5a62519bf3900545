import { existsSync, realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { CliError } from './errors.js';
import { parseManifest } from './manifest.js';
import { type Manifest, workspaceDependencyNames } from './workspace-deps.js';

/** The pnpm workspace around a target directory, as far as create-loop cares. */
export interface PnpmWorkspace {
  /** The folder that holds pnpm-workspace.yaml. */
  root: string;
  /** Its `packages` patterns, as written (`!` exclusions included). */
  patterns: readonly string[];
  /** Whether the patterns take the target in, so that pnpm makes it a workspace package. */
  covers: boolean;
  /** The names of the packages the patterns take in (the root's own package.json left out). */
  packages: ReadonlySet<string>;
}

/** Folders pnpm never looks into for workspace packages. */
const NEVER = ['**/node_modules/**', '**/bower_components/**'];

/**
 * Finds the pnpm workspace a target directory (which may not exist yet) would belong to: the
 * nearest pnpm-workspace.yaml above it, its `packages` patterns, whether they take the target
 * in, and which packages they take in now. Undefined outside any pnpm workspace.
 *
 * Why: a game started inside a clone of the loop monorepo (under `games/`) should build against
 * the workspace's own `@loop/core`, as the templates do, instead of a published version that
 * may not exist yet. The patterns are matched as pnpm matches them (each one with
 * `/package.json` appended, `!` for exclusions, node_modules never), with the same libraries
 * pnpm uses (tinyglobby, picomatch), loaded only when a pnpm-workspace.yaml is found.
 */
export async function findPnpmWorkspace(target: string): Promise<PnpmWorkspace | undefined> {
  const real = realPathOfAncestor(target);
  let root = dirname(real);
  while (!existsSync(join(root, 'pnpm-workspace.yaml'))) {
    if (dirname(root) === root) return undefined;
    root = dirname(root);
  }
  const file = join(root, 'pnpm-workspace.yaml');
  const { parse } = await import('yaml');
  let config: unknown;
  try {
    config = parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new CliError(`${file} is not valid YAML: ${(error as Error).message}`);
  }
  const listed = (config as { packages?: unknown } | null)?.packages ?? [];
  if (!Array.isArray(listed) || !listed.every((p) => typeof p === 'string')) {
    throw new CliError(`${file}: "packages" is not a list of folder patterns`);
  }
  const patterns = listed as string[];
  const include = patterns.filter((p) => !p.startsWith('!')).map(manifestPattern);
  const exclude = [...patterns.filter((p) => p.startsWith('!')).map(manifestPattern), ...NEVER];

  const { default: picomatch } = await import('picomatch');
  const rel = relative(root, real).split(sep).join('/');
  // No patterns to include (none at all, or only exclusions) match nothing and find nothing.
  const covers =
    picomatch(include)(`${rel}/package.json`) &&
    !picomatch(exclude, { dot: true })(`${rel}/package.json`);

  const { glob } = await import('tinyglobby');
  const manifests = await glob(include, { cwd: root, ignore: exclude, dot: false });
  const packages = new Set<string>();
  for (const path of manifests) {
    if (path === 'package.json') continue;
    const name = await readFile(join(root, path), 'utf8').then(
      (text) => (JSON.parse(text) as Manifest).name,
      () => undefined,
    );
    if (typeof name === 'string') packages.add(name);
  }
  return { root, patterns, covers, packages };
}

/** What to do about the workspace around a target: see `planWorkspaceLink`. */
export interface WorkspaceLink {
  /** Dependencies whose `workspace:` spec stays as the template has it. */
  keep: ReadonlySet<string>;
  /** One paragraph for the user about what was kept or why nothing was; undefined: nothing. */
  message: string | undefined;
}

/**
 * Decides which of the template's `workspace:` dependencies stay `workspace:` in the new
 * project: those the surrounding pnpm workspace holds, when its patterns take the project in.
 * A project inside the workspace's folder but outside its patterns keeps published ranges, and
 * the message says how to get the workspace's copy instead.
 *
 * Why say it: a kept `workspace:^` cannot be installed with npm or outside the workspace, and a
 * published range that does not exist yet fails the install; either way the user must know
 * which one they got.
 */
export function planWorkspaceLink(
  workspace: PnpmWorkspace | undefined,
  template: Manifest,
  target: string,
): WorkspaceLink {
  const none: WorkspaceLink = { keep: new Set(), message: undefined };
  if (workspace === undefined) return none;
  const held = workspaceDependencyNames(template).filter((name) => workspace.packages.has(name));
  if (held.length === 0) return none;
  const names = held.join(', ');
  if (workspace.covers) {
    return {
      keep: new Set(held),
      message:
        `${target} is a package of the pnpm workspace at ${workspace.root}: kept the ` +
        `workspace: specs of ${names}, so the game builds against the workspace's own ` +
        'copy, beside its other packages. Install and run it with pnpm.',
    };
  }
  // Never empty: the workspace holds a package, so a pattern took it in.
  const patterns = workspace.patterns.filter((p) => !p.startsWith('!'));
  // A folder of games if the workspace has one (the loop repository's games/*), else any.
  const simple = patterns.filter((p) => /^[\w.-]+\/\*$/.test(p));
  const folder = simple.find((p) => p.startsWith('games/')) ?? simple[0];
  const where = folder === undefined ? '' : ` (e.g. ${folder.slice(0, -1)}${basename(target)})`;
  return {
    keep: new Set(),
    message:
      `note: ${target} is inside the pnpm workspace at ${workspace.root} but not one of its ` +
      `packages (pnpm-workspace.yaml: ${patterns.join(', ')}), so ${names} got ` +
      `published versions. To build against the workspace's own copy, create the game in one ` +
      `of those folders${where}.`,
  };
}

/** `games/*` -> `games/*\/package.json`, the way pnpm globs for workspace packages. */
function manifestPattern(pattern: string): string {
  const bare = (pattern.startsWith('!') ? pattern.slice(1) : pattern).replace(/^\.\//, '');
  return `${bare.replace(/\/+$/, '')}/package.json`;
}

/**
 * `path` with its deepest existing ancestor's symbolic links resolved (the rest appended), so
 * that a target below a linked folder (macOS's /tmp) is compared with the workspace's real path.
 */
function realPathOfAncestor(path: string): string {
  const rest: string[] = [];
  let at = path;
  for (;;) {
    try {
      return join(realpathSync(at), ...rest.reverse());
    } catch {
      if (dirname(at) === at) return path;
      rest.push(basename(at));
      at = dirname(at);
    }
  }
}

/** Reads a template's package.json (for `planWorkspaceLink`). */
export async function readTemplateManifest(templateDir: string): Promise<Manifest> {
  const file = join(templateDir, 'package.json');
  return parseManifest(await readFile(file, 'utf8'), file);
}
