import { builtinModules } from 'node:module';

/** The name used when a directory name has nothing usable in it (e.g. only CJK or emoji). */
export const FALLBACK_PACKAGE_NAME = 'loop-game';

/**
 * npm's rule for new package names (what validate-npm-package-name accepts), as a regex:
 * lower case, URL-safe, optional scope, no leading dot or underscore, none of `~'!()*`.
 * create-vite's regex, minus the `~` and `*` that npm no longer takes for new packages.
 */
const VALID_NAME = /^(?:@[a-z\d-][a-z\d\-._]*\/)?[a-z\d-][a-z\d\-._]*$/;

/** Names npm refuses for new packages even though they match the pattern. */
const RESERVED = new Set(['node_modules', 'favicon.ico', ...builtinModules]);

/**
 * True when `name` may be used as the `name` of a new npm package.
 *
 * Why: the scaffold's package.json takes its name from the directory, and npm (and pnpm)
 * refuse to install a project whose own name is invalid, long after create-loop has exited.
 */
export function isValidPackageName(name: string): boolean {
  return name.length <= 214 && VALID_NAME.test(name) && !RESERVED.has(name);
}

/**
 * Turns any directory name into a valid npm package name (`My Game!` -> `my-game`,
 * `Jeu été` -> `jeu-ete`, `.hidden` -> `hidden`, `http` -> `http-game`).
 *
 * Why not refuse odd names: the directory may legitimately be called anything, only the
 * package name has rules. Follows create-vite's toValidPackageName, plus diacritics folded to
 * ASCII, dashes collapsed and trimmed, the 214-character limit, reserved names, and a fallback
 * when nothing usable is left.
 */
export function toValidPackageName(name: string): string {
  const trimmed = name.trim();
  if (isValidPackageName(trimmed)) return trimmed;
  let result = trimmed
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z\d\-._]+/g, '-')
    .replace(/-{2,}/g, '-')
    // Dots, underscores and dashes at the start (npm refuses the first two there), and at the
    // end once cut to npm's 214 characters.
    .replace(/^[-._]+/, '')
    .slice(0, 214)
    .replace(/[-._]+$/, '');
  if (result === '') result = FALLBACK_PACKAGE_NAME;
  if (RESERVED.has(result)) result = `${result}-game`;
  return result;
}
