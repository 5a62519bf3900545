import { CliError } from './errors.js';

/** The package.json fields that hold dependency specs, all of which pnpm rewrites on publish. */
export const DEPENDENCY_FIELDS = [
  'dependencies',
  'devDependencies',
  'peerDependencies',
  'optionalDependencies',
] as const;

/** Package name -> published version, e.g. `{ "@loop/core": "0.1.0" }` (embedded at build). */
export type WorkspaceVersions = Readonly<Record<string, string>>;

/** A package.json as loose JSON: we touch only the fields we know. */
export type Manifest = Record<string, unknown>;

const PREFIX = 'workspace:';

/**
 * Resolves one `workspace:` spec the way `pnpm publish` does:
 * `workspace:^` -> `^1.2.3`, `workspace:~` -> `~1.2.3`, `workspace:*` -> `1.2.3`,
 * `workspace:^1.0.0` -> `^1.0.0`, and the alias form `workspace:pkg@^` -> `npm:pkg@^1.2.3`.
 *
 * Why: templates live in the monorepo as workspace members (so CI builds them), but a copied
 * template with `workspace:` in it cannot be installed anywhere else; this is the most common
 * way scaffolds break. A relative-path spec (`workspace:../x`) has no published meaning, and a
 * package with no known version would produce a broken range, so both are errors.
 */
export function resolveWorkspaceSpec(
  name: string,
  spec: string,
  versions: WorkspaceVersions,
): string {
  if (!spec.startsWith(PREFIX)) return spec;
  let range = spec.slice(PREFIX.length);
  let target = name;
  const at = range.lastIndexOf('@');
  if (at > 0) {
    target = range.slice(0, at);
    range = range.slice(at + 1);
  }
  if (range.startsWith('.') || range.startsWith('/')) {
    throw new CliError(`${name}: "${spec}" points at a path, which cannot be published`);
  }
  let resolved: string;
  if (range === '*' || range === '^' || range === '~') {
    const version = Object.hasOwn(versions, target) ? versions[target] : undefined;
    if (version === undefined) {
      throw new CliError(
        `${name}: "${spec}" names ${target}, whose published version this create-loop does not know`,
      );
    }
    resolved = range === '*' ? version : `${range}${version}`;
  } else {
    resolved = range;
  }
  return target === name ? resolved : `npm:${target}@${resolved}`;
}

/**
 * Returns a copy of `manifest` with every `workspace:` spec in every dependency field replaced
 * by its published range (see `resolveWorkspaceSpec`), except those naming a package in `keep`
 * (a project created inside a pnpm workspace that holds it). The input is not changed.
 */
export function rewriteWorkspaceDeps(
  manifest: Manifest,
  versions: WorkspaceVersions,
  keep: ReadonlySet<string> = new Set(),
): Manifest {
  const out: Manifest = { ...manifest };
  for (const field of DEPENDENCY_FIELDS) {
    const deps = manifest[field];
    if (deps === null || typeof deps !== 'object') continue;
    const rewritten: Record<string, unknown> = {};
    for (const [name, spec] of Object.entries(deps as Record<string, unknown>)) {
      const kept = typeof spec !== 'string' || keep.has(workspaceTarget(name, spec) ?? '');
      rewritten[name] = kept ? spec : resolveWorkspaceSpec(name, spec, versions);
    }
    out[field] = rewritten;
  }
  return out;
}

/**
 * The package a `workspace:` spec names: `name` itself, or the `pkg` of the alias form
 * `workspace:pkg@^`; undefined for any other spec. Why: what is kept or published is decided by
 * the package the spec points at, not by the local name it is installed under.
 */
export function workspaceTarget(name: string, spec: string): string | undefined {
  if (!spec.startsWith(PREFIX)) return undefined;
  const range = spec.slice(PREFIX.length);
  const at = range.lastIndexOf('@');
  return at > 0 ? range.slice(0, at) : name;
}

/**
 * The packages that a manifest's dependency fields name with `workspace:` specs, each once, in
 * the order they first appear. Why: these are the dependencies a surrounding workspace could
 * provide (see `planWorkspaceLink`).
 */
export function workspaceDependencyNames(manifest: Manifest): string[] {
  const names = new Set<string>();
  for (const field of DEPENDENCY_FIELDS) {
    const deps = manifest[field];
    if (deps === null || typeof deps !== 'object') continue;
    for (const [name, spec] of Object.entries(deps as Record<string, unknown>)) {
      const target = typeof spec === 'string' ? workspaceTarget(name, spec) : undefined;
      if (target !== undefined) names.add(target);
    }
  }
  return [...names];
}

/**
 * Lists every string anywhere in `value` that still starts with `workspace:`, as
 * `path.to.key: spec`.
 *
 * Why: `overrides`, `pnpm.overrides` or `resolutions` could hold one too; rather than guess
 * their semantics we refuse to write a scaffold that still contains any.
 */
export function findWorkspaceSpecs(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return value.startsWith(PREFIX) ? [`${path}: ${value}`] : [];
  if (value === null || typeof value !== 'object') return [];
  const found: string[] = [];
  for (const [key, child] of Object.entries(value)) {
    found.push(...findWorkspaceSpecs(child, path === '' ? key : `${path}.${key}`));
  }
  return found;
}
