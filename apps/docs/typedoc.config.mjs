import { ENTRIES, entrySource, exportsNothing, JOBS, packageOf } from './reference.mjs';

/**
 * TypeDoc's options for the reference of the published packages (`@loop/core`, `@loop/net`,
 * `@loop/rapier`, `@loop/r3f`), one project: every entry point of reference.mjs, read
 * with its own doc comments, written as Markdown pages (typedoc-plugin-markdown, with
 * typedoc-vitepress-theme's links and anchors) into src/reference/, where VitePress builds them
 * with the guide. Those pages are generated on every build and not committed (.gitignore).
 * typedoc-jobs.mjs groups the exports by job and writes the overview page and the sidebar.
 * TypeDoc runs on the TypeScript 5.9 JS API (this package's own devDependency): the repo's
 * TypeScript 7 has none.
 *
 * Any warning fails the build: a broken {@link}, a symbol the public surface uses but does not
 * export, or an exported function, class, interface, type or constant without a doc comment.
 * Properties are not required one by one: an options or state interface documents them as a
 * whole in @loop/core. An entry that exports nothing yet (a stub, `export {};`) is not an entry
 * point: TypeDoc would warn that it documents nothing, and typedoc-jobs.mjs leaves it out.
 *
 * @type {import('typedoc').TypeDocOptions & import('typedoc-plugin-markdown').PluginOptions}
 */
export default {
  name: 'loop',
  entryPoints: ENTRIES.filter((entry) => !exportsNothing(entry)).map((entry) =>
    entrySource(entry.subpath, packageOf(entry)),
  ),
  tsconfig: './tsconfig.json',
  plugin: ['typedoc-plugin-markdown', 'typedoc-vitepress-theme', './typedoc-jobs.mjs'],
  out: './src/reference',
  // typedoc-vitepress-theme: links are relative to the VitePress source folder; the sidebar is
  // typedoc-jobs.mjs's, by job, not the theme's, by module and kind.
  docsRoot: './src',
  sidebar: { autoConfiguration: false },
  readme: 'none',
  cleanOutputDir: true,
  // The jobs, in the order of reference.mjs; an entry's own job after them.
  groupOrder: [...new Set([...JOBS.map((job) => job.title), ...ENTRIES.map((e) => e.job)])]
    .filter(Boolean)
    .concat('*'),
  // The sidebar and the overview page are the navigation; a page starts at its title.
  hideBreadcrumbs: true,
  hidePageHeader: true,
  indexFormat: 'table',
  parametersFormat: 'table',
  useCodeBlocks: true,
  // Comments are Markdown for VitePress, which reads a bare `<roomId>` as an HTML tag and
  // fails the build.
  sanitizeComments: true,
  // Members a class inherits from a library (a Colyseus Room's) are that library's to document:
  // the reference shows what loop adds.
  excludeExternals: true,
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
};
