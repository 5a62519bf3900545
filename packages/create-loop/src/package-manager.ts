/** The package managers whose `create` command can start create-loop. */
export type PackageManagerName = 'npm' | 'pnpm' | 'yarn' | 'bun';

/** Who ran us, as far as `npm_config_user_agent` tells. */
export interface PackageManager {
  name: PackageManagerName;
  /** As reported, e.g. `10.34.9`; undefined when no user agent was set. */
  version: string | undefined;
}

const KNOWN: readonly PackageManagerName[] = ['npm', 'pnpm', 'yarn', 'bun'];

/**
 * Detects the package manager from `npm_config_user_agent`, which npm, pnpm, yarn (1 and
 * berry) and bun all set for the scripts and binaries they run, e.g.
 * `pnpm/10.34.9 npm/? node/v20.20.2 linux x64`.
 *
 * Why: `npm create loop`, `pnpm create loop` and `yarn create loop` should each print next
 * steps for the tool the user already chose. Anything unknown (deno, a bare `node` run) falls
 * back to npm, which every Node install has.
 */
export function detectPackageManager(userAgent: string | undefined): PackageManager {
  const first = userAgent?.trim().split(/\s+/)[0] ?? '';
  const slash = first.indexOf('/');
  const name = (slash === -1 ? first : first.slice(0, slash)).toLowerCase();
  const version = slash === -1 ? undefined : first.slice(slash + 1) || undefined;
  if ((KNOWN as readonly string[]).includes(name)) {
    return { name: name as PackageManagerName, version };
  }
  return { name: 'npm', version: undefined };
}
