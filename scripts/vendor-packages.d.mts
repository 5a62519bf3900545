/** Types for vendor-packages.mjs (the packages type-check without allowJs). See that file for why. */

/** A public library package of the monorepo: `@loop/core`, `@loop/net`, `@loop/rapier`. */
export interface Library {
  name: string;
  /** Its folder, absolute. */
  dir: string;
  version: string;
}

/** The monorepo's published library packages, create-loop aside, sorted by name. */
export declare function publishedLibraries(root: string): Library[];

/** The `@loop/*` packages `manifest` depends on (dependencies, then devDependencies). */
export declare function loopDependencies(manifest: Record<string, unknown>): string[];

/** `manifest` with `specs` set, and overridden for npm, pnpm and yarn when there are several. */
export declare function withVendoredSpecs(
  manifest: Record<string, unknown>,
  specs: Record<string, string>,
): Record<string, unknown>;
