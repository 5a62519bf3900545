/**
 * TypeDoc's options for the API reference of `@loop/core`: its three entries (the root, `replay`
 * and `dom`), each a module of the reference named by its `@module` tag, read with their own
 * doc comments, written to dist/ with relative links only (no hosted base URL), so the folder
 * works under any path; the gallery build puts it at api/ of the site. TypeDoc runs on the
 * TypeScript 5.9 JS API (this package's own devDependency): the repo's TypeScript 7 has none.
 *
 * Any warning fails the build: a broken {@link}, a symbol the public surface uses but does not
 * export, or an exported function, class, interface, type or constant without a doc comment.
 * Properties are not required one by one: an options or state interface documents them as a
 * whole in @loop/core.
 *
 * @type {import('typedoc').TypeDocOptions}
 */
export default {
  name: '@loop/core',
  entryPoints: [
    '../../packages/core/src/index.ts',
    '../../packages/core/src/replay/index.ts',
    '../../packages/core/src/dom/index.ts',
  ],
  tsconfig: './tsconfig.json',
  readme: '../../packages/core/README.md',
  out: 'dist',
  // Without an icon a browser asks for /favicon.ico at the host's root, outside the site.
  favicon: './favicon.svg',
  cleanOutputDir: true,
  // The site's root gets no Jekyll either way; the gallery build owns the root.
  githubPages: false,
  includeVersion: true,
  excludePrivate: true,
  excludeInternal: true,
  // Source links would point at a commit on a host we do not know; the reference stands alone.
  disableSources: true,
  treatWarningsAsErrors: true,
  validation: { notExported: true, invalidLink: true, rewrittenLink: true, notDocumented: true },
  requiredToBeDocumented: [
    'Enum',
    'Variable',
    'Function',
    'Class',
    'Interface',
    'Method',
    'Accessor',
    'TypeAlias',
  ],
  // The cleanup type of Scope.add is described by the method's own comment.
  intentionallyNotDocumented: [
    '@loop/core/dom.Scope.add.T',
    '@loop/core/dom.Scope.add.T.__type.dispose',
  ],
  // A link back to the gallery in the header of every page (see gallery-link.mjs).
  plugin: ['./gallery-link.mjs'],
};
