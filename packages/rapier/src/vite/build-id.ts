import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Options of {@link buildId}. */
export interface BuildIdOptions {
  /** The game's folder (`import.meta.url` of its vite.config.ts, or a path). */
  readonly root: string;
  /** The game's source folder under `root`. Default `src`. */
  readonly source?: string;
  /**
   * Packages whose installed versions join the hash: the physics engine and the loop's packages.
   * Default `@dimforge/rapier3d`, `@loop/core` and `@loop/rapier`.
   */
  readonly dependencies?: readonly string[];
}

/** The packages whose versions a build id covers when the game names none. */
const DEPENDENCIES = ['@dimforge/rapier3d', '@loop/core', '@loop/rapier'] as const;

/**
 * The build id every recording carries: a hash of the game's own source (`.ts` and `.css` files
 * under `source`, tests and their helpers left out) and of the installed versions of
 * `dependencies` (one that is not installed throws, never hashes as ''). A recording only
 * replays faithfully on the code that made it, so a change to any of these gives a new id and
 * `Recording.fromBytes` refuses older files with a clear error instead of showing a replay that
 * drifts away. Twelve hex digits; computed once when Vite starts (dev server, build, vitest).
 */
export function buildId(options: BuildIdOptions): string {
  const root = folder(options.root);
  const src = join(root, options.source ?? 'src');
  if (!existsSync(src)) throw new RangeError(`buildId source ${src} does not exist`);
  const hash = createHash('sha256');
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|css)$/.test(file) && !/\.test[.-]/.test(file))
    .sort();
  for (const file of files) {
    hash.update(file);
    hash.update(readFileSync(join(src, file)));
  }
  for (const dependency of options.dependencies ?? DEPENDENCIES) {
    const manifest = join(root, 'node_modules', dependency, 'package.json');
    if (!existsSync(manifest)) throw new Error(`build id: ${dependency} is not installed`);
    hash.update(`${dependency}@${JSON.parse(readFileSync(manifest, 'utf8')).version}`);
  }
  return hash.digest('hex').slice(0, 12);
}

/** A folder from a `file:` URL of a file in it (`import.meta.url`) or from a path. */
export function folder(root: string): string {
  if (typeof root !== 'string' || root === '') {
    throw new RangeError(`root must be import.meta.url or a folder, got ${String(root)}`);
  }
  return root.startsWith('file:') ? fileURLToPath(new URL('.', root)) : root;
}
