/**
 * The packages a game's build can put in files of their own: `three` (three.js in two files, its
 * core and its WebGL renderer), `react` (react, react-dom and scheduler), `rapier` (`@dimforge`'s
 * builds) and `vendor` (every other package, e.g. `@react-three/fiber` and what it brings).
 */
export type VendorChunk = 'three' | 'react' | 'rapier' | 'vendor';

/** One group of Rolldown's `codeSplitting`: a module whose id matches `test` goes to `name`. */
export interface ChunkGroup {
  readonly name: string;
  readonly test: RegExp;
}

/** The groups of each chunk, in the order they are tried: the narrower test first. */
const GROUPS: Readonly<Record<VendorChunk, readonly ChunkGroup[]>> = {
  three: [
    { name: 'three-core', test: /node_modules[\\/]three[\\/]build[\\/]three\.core\.js$/ },
    { name: 'three', test: /node_modules[\\/]three[\\/]/ },
  ],
  react: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
  rapier: [{ name: 'rapier', test: /node_modules[\\/]@dimforge[\\/]/ }],
  vendor: [{ name: 'vendor', test: /node_modules[\\/]/ }],
};

/** Every chunk name, in the order their groups are tried (`vendor`, the catch-all, last). */
const ORDER: readonly VendorChunk[] = ['three', 'react', 'rapier', 'vendor'];

/**
 * Rolldown's `codeSplitting` (`build.rolldownOptions.output`) for the `names` given, in any
 * order: each package in a file of its own, each under Vite's 500 kB warning, fetched in
 * parallel with the game's code and still cached when only the game changes (React Three Fiber
 * imports all of three.js: about 1.4 MB of JavaScript with React and Rapier). A module goes to
 * the first group whose test matches, so the groups come in a fixed order, `vendor` last. A name
 * that is not a {@link VendorChunk} throws a RangeError naming it.
 */
export function vendorChunks(names: readonly VendorChunk[]): { groups: ChunkGroup[] } {
  if (!Array.isArray(names)) {
    throw new RangeError(`rapierGameConfig chunks must be a list of names, got ${String(names)}`);
  }
  for (const name of names) {
    if (!ORDER.includes(name)) {
      throw new RangeError(
        `rapierGameConfig chunks: ${String(name)} is not one of ${ORDER.join(', ')}`,
      );
    }
  }
  return { groups: ORDER.filter((name) => names.includes(name)).flatMap((name) => GROUPS[name]) };
}
