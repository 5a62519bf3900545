import { CliError } from './errors.js';
import {
  DEPENDENCY_FIELDS,
  findWorkspaceSpecs,
  type Manifest,
  rewriteWorkspaceDeps,
  type WorkspaceVersions,
  workspaceTarget,
} from './workspace-deps.js';

/**
 * Turns a template's package.json into the new project's: `name` set to the project's package
 * name, every `workspace:` dependency rewritten to its published range (but those named in
 * `keepWorkspace`, for a project inside a pnpm workspace that holds them), key order kept.
 *
 * Why one function: these are the only edits a scaffold needs, and doing them on the parsed
 * object (not with string replaces) keeps the rest of the file exactly as the template author
 * wrote it. Throws a `CliError` if any other `workspace:` spec survives, so a broken scaffold is
 * never written.
 */
export function toScaffoldManifest(
  template: Manifest,
  options: { name: string; versions: WorkspaceVersions; keepWorkspace?: ReadonlySet<string> },
): Manifest {
  const keep = options.keepWorkspace ?? new Set<string>();
  const named =
    'name' in template ? { ...template, name: options.name } : { name: options.name, ...template };
  const manifest = rewriteWorkspaceDeps(named, options.versions, keep);
  const kept = new Set<string>();
  for (const field of DEPENDENCY_FIELDS) {
    const deps = (manifest[field] ?? {}) as Record<string, unknown>;
    for (const [name, spec] of Object.entries(deps)) {
      if (typeof spec === 'string' && keep.has(workspaceTarget(name, spec) ?? '')) {
        kept.add(`${field}.${name}: ${spec}`);
      }
    }
  }
  const left = findWorkspaceSpecs(manifest).filter((entry) => !kept.has(entry));
  if (left.length > 0) {
    throw new CliError(
      `the template's package.json still has workspace: specs (${left.join(', ')})`,
    );
  }
  return manifest;
}

/**
 * The template's manifest without the monorepo's mutation testing: no `mutate` script and no
 * `@stryker-mutator/*` devDependencies (their files are `MONOREPO_ONLY`, left out of the
 * package), so a scaffold has no script that cannot run and installs no Stryker. Key order and
 * everything else kept; fields left empty are dropped.
 */
export function withoutMonorepoTooling(template: Manifest): Manifest {
  const manifest: Manifest = { ...template };
  const strip = (field: string, drop: (key: string) => boolean) => {
    const value = manifest[field];
    if (value === null || typeof value !== 'object') return;
    const kept = Object.entries(value).filter(([key]) => !drop(key));
    if (kept.length > 0) manifest[field] = Object.fromEntries(kept);
    else delete manifest[field];
  };
  strip('scripts', (key) => key === 'mutate');
  strip('devDependencies', (key) => key.startsWith('@stryker-mutator/'));
  return manifest;
}

/** Parses package.json text, with an error that names the file instead of a JSON offset. */
export function parseManifest(text: string, file: string): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new CliError(`${file} is not valid JSON`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new CliError(`${file} is not a JSON object`);
  }
  return value as Manifest;
}

/** Serializes a manifest the way npm writes package.json: two spaces and a final newline. */
export function formatManifest(manifest: Manifest): string {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
