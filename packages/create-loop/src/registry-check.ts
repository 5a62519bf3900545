/** The registry npm uses when nothing says otherwise. */
export const DEFAULT_REGISTRY = 'https://registry.npmjs.org/';

/** How long the check waits for the registry: short, since the project is already written. */
export const CHECK_TIMEOUT_MS = 3000;

/** What the registry said about a package range. */
export type RegistryAnswer =
  | { state: 'published'; registry: string }
  | { state: 'missing'; registry: string; why: string }
  | { state: 'unknown'; registry: string; why: string };

/**
 * The registry npm (or pnpm, which reads the same settings) would install `name` from: the
 * scope's registry (`npm_config_@loop:registry`), else `npm_config_registry`, else npm's default.
 * `npm create`, `npm exec` and the package managers' scripts pass the user's settings to us in
 * these variables.
 */
export function registryFor(name: string, env: NodeJS.ProcessEnv): string {
  // Only a scope has a registry of its own: `@loop:registry`, never `vite:registry`.
  const scoped = name.startsWith('@')
    ? env[`npm_config_${name.split('/')[0]}:registry`]
    : undefined;
  const url = scoped || env.npm_config_registry || DEFAULT_REGISTRY;
  return url.endsWith('/') ? url : `${url}/`;
}

/** The ranges `satisfies` reads: `^x.y.z`, `~x.y.z` and `x.y.z`. */
const RANGE = /^([~^]?)(\d+\.\d+\.\d+)$/;

/** `1.2.3` -> [1, 2, 3]; undefined for anything else (prereleases included). */
function parse(version: string): [number, number, number] | undefined {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

/**
 * Whether `version` satisfies `range`, for the ranges create-loop writes (`^x.y.z`, `~x.y.z`,
 * `x.y.z`, from `workspace:^`, `workspace:~`, `workspace:*`), with npm's semantics (a caret
 * below 1.0.0 keeps the minor, below 0.1.0 the patch; prereleases never match). Undefined for a
 * range of another form: the check then says nothing rather than guess.
 */
export function satisfies(version: string, range: string): boolean | undefined {
  const m = RANGE.exec(range);
  if (!m) return undefined;
  // RANGE took three numbers, which parse reads.
  const base = parse(m[2]!)!;
  const v = parse(version);
  if (!v) return false;
  const cmp = v[0] - base[0] || v[1] - base[1] || v[2] - base[2];
  if (m[1] === '') return cmp === 0;
  if (cmp < 0) return false;
  if (m[1] === '~') return v[0] === base[0] && v[1] === base[1];
  if (base[0] > 0) return v[0] === base[0];
  if (base[1] > 0) return v[0] === 0 && v[1] === base[1];
  return v[0] === 0 && v[1] === 0 && v[2] === base[2];
}

/**
 * Asks the registry whether a version of `name` satisfies `range`, as `npm view name@range
 * version` would, in one request (the abbreviated packument) with a short time limit.
 *
 * Why check: a scaffold whose `@loop/core` range matches nothing on the registry fails at
 * `npm install` with a 404, after create-loop has said "Done"; before the first release that is
 * every scaffold made outside a clone. Said after the fact, it costs the user one line to read
 * instead of an error to decode.
 */
export async function checkPublished(
  name: string,
  range: string,
  registry: string,
  timeoutMs: number = CHECK_TIMEOUT_MS,
): Promise<RegistryAnswer> {
  if (!RANGE.test(range)) {
    return { state: 'unknown', registry, why: `the range ${range} is not one this check reads` };
  }
  const url = `${registry}${name.replace('/', '%2f')}`;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/vnd.npm.install-v1+json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    const why = timedOut
      ? `no answer within ${timeoutMs / 1000} s`
      : 'the registry could not be reached';
    return { state: 'unknown', registry, why };
  }
  if (response.status === 404) {
    return { state: 'missing', registry, why: `${name} is not on it (404)` };
  }
  if (!response.ok) return { state: 'unknown', registry, why: `it answered ${response.status}` };
  let versions: string[];
  try {
    const body = (await response.json()) as { versions?: Record<string, unknown> };
    versions = Object.keys(body.versions ?? {});
  } catch {
    return { state: 'unknown', registry, why: 'its answer was not a package document' };
  }
  if (versions.some((version) => satisfies(version, range))) {
    return { state: 'published', registry };
  }
  const has = versions.length === 0 ? 'none published' : `it has ${versions.slice(-5).join(', ')}`;
  return {
    state: 'missing',
    registry,
    why: `no version of ${name} on it matches ${range} (${has})`,
  };
}
