import { spawnSync } from 'node:child_process';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Every ```ts / ```typescript block of every README.md in the repo and of every page of the docs
 * site (apps/docs/src, the generated reference aside) is type-checked, each as a module of its
 * own, with the repo's TypeScript 7 `tsc` against the built @loop/core, @loop/net and
 * @loop/rapier (turbo builds them first: `test` depends on `^build`), the docs pages with the compiler options a template has. A
 * block may use what it imports and the few names of PRELUDE below, nothing else, so an example
 * with an undefined name fails here, named by its file and line. A block whose info string says
 * `fragment` (```ts fragment) is not a complete program and is left out; see apps/docs/README.md.
 */

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The names an example may use without defining them: the game's own objects and hooks, which
 * every game has and no example should spell out, and the bundler's `import.meta.hot`. Keep it
 * short: a name an example needs that is not here belongs in the example.
 */
export const PRELUDE: Readonly<Record<string, string>> = {
  World: 'interface World { step(dt: number): void }',
  world: 'declare const world: World;',
  draw: 'declare function draw(world: World, alpha: number): void;',
  update: 'declare function update(dt: number): void;',
  render: 'declare function render(alpha: number): void;',
  mesh:
    '/** A three.js InstancedMesh, as far as the examples use one. */\n' +
    'declare const mesh: { instanceMatrix: { array: Float32Array; needsUpdate: boolean } };',
  'import.meta.hot':
    "/** Vite's hot-module API (vite/client), as far as the examples use it. */\n" +
    'interface ImportMeta { readonly hot?: { dispose(callback: () => void): void } }',
};

/**
 * The compiler options of a project made from a template (templates/<name>/tsconfig.json), on
 * top of strict mode: the docs pages are checked with them, so an example compiles where a
 * reader pastes it. READMEs are checked in strict mode alone.
 */
export const TEMPLATE_OPTIONS: Readonly<Record<string, boolean>> = {
  noUncheckedIndexedAccess: true,
  noFallthroughCasesInSwitch: true,
  isolatedModules: true,
  verbatimModuleSyntax: true,
};

/** Folders never searched for READMEs: installed packages, build output, tool caches. */
const SKIP_DIRS = new Set([
  'node_modules',
  'dist',
  '.git',
  '.turbo',
  '.stryker-tmp',
  'coverage',
  'reports',
  'test-results',
  '.tools',
]);

/** One code block of a README or a docs page. */
export interface Block {
  /** The markdown file, relative to the repo root, with forward slashes. */
  readonly file: string;
  /** 1-based line of the opening fence in the file; the code starts on the next line. */
  readonly line: number;
  readonly code: string;
  /** Marked ```ts fragment: not a complete program, not type-checked. */
  readonly fragment: boolean;
}

/** The ```ts and ```typescript blocks of one markdown text, fragments included. */
export function tsBlocks(file: string, markdown: string): Block[] {
  const lines = markdown.split(/\r?\n/);
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const [, indent = '', fence = '', lang = '', rest = ''] = open;
    const close = new RegExp(`^\\s*${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    let end = i + 1;
    while (end < lines.length && !close.test(lines[end]!)) end++;
    if (/^(ts|typescript)$/i.test(lang)) {
      const body = lines
        .slice(i + 1, end)
        .map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l.trimStart()));
      blocks.push({
        file,
        line: i + 1,
        code: body.join('\n'),
        fragment: /(^|\s)fragment(\s|$)/.test(rest),
      });
    }
    i = end;
  }
  return blocks;
}

/** Files under `dir` whose name passes `keep`, relative to `root`, outside SKIP_DIRS. */
function find(root: string, dir: string, keep: (name: string) => boolean, skip: string[] = []) {
  const found: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      const rel = relative(root, path).split(sep).join('/');
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name) && !skip.includes(rel)) walk(path);
      } else if (entry.isFile() && keep(entry.name)) {
        found.push(rel);
      }
    }
  };
  walk(join(root, dir));
  return found.sort();
}

/** Every README.md under `dir`, relative to it, outside SKIP_DIRS, sorted. */
export function readmes(dir: string): string[] {
  return find(dir, '.', (name) => name === 'README.md');
}

/**
 * The pages of the docs site written by hand: every .md under apps/docs/src but the reference,
 * which TypeDoc writes from @loop/core's doc comments at each build.
 */
export function docPages(root: string): string[] {
  const src = 'apps/docs/src';
  return find(root, src, (name) => name.endsWith('.md'), [`${src}/reference`]);
}

/**
 * The files a page shows with VitePress's snippet import (`<<< @/path`, `@` the docs' source
 * folder), relative to the repo root: a guide shows an example project's files this way, so the
 * page and the code that project's test runs cannot drift (the project's own typecheck and test
 * cover them; they are not compiled again here).
 */
export function snippetFiles(file: string, markdown: string): string[] {
  const src = 'apps/docs/src';
  if (!file.startsWith(`${src}/`)) return [];
  return [...markdown.matchAll(/^<<<\s+@\/([^\s{#[]+)/gm)].map((match) =>
    posix.normalize(posix.join(src, match[1]!)),
  );
}

/** What `tsc` said about one example: the markdown line it points at, and the message. */
export interface Finding {
  readonly line: number;
  readonly text: string;
}

/** The outcome of one `tsc` run over blocks: findings per block, and any others. */
export interface CheckResult {
  readonly byBlock: Map<Block, Finding[]>;
  /** Diagnostics not in an example (the prelude, a declaration file, the config). */
  readonly other: string[];
}

const require = createRequire(join(ROOT, 'package.json'));

/** The repo's TypeScript 7 `tsc` (the native compiler): the root's devDependency. */
function tscPath(): string {
  const pkgPath = require.resolve('typescript/package.json');
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as {
    version: string;
    bin: { tsc: string };
  };
  if (!pkg.version.startsWith('7.')) {
    throw new Error(`expected the root's TypeScript 7, found ${pkg.version} at ${pkgPath}`);
  }
  return join(dirname(pkgPath), pkg.bin.tsc);
}

/**
 * Links `name` into `modules` of the temp project: a package apps/docs depends on, or (with
 * `from`, a package folder under the repo root) a peer that package's examples import, as
 * installed for it (colyseus.js for @loop/net, three and Rapier's builds for @loop/rapier).
 */
function linkPackage(modules: string, name: string, from?: string): void {
  // A peer is read from the package's node_modules: some (@colyseus/core) export no package.json.
  const target = from
    ? realpathSync(join(ROOT, from, 'node_modules', name))
    : dirname(realpathSync(createRequire(import.meta.url).resolve(`${name}/package.json`)));
  mkdirSync(dirname(join(modules, name)), { recursive: true });
  rmSync(join(modules, name), { force: true, recursive: true }); // a link of an earlier check
  symlinkSync(target, join(modules, name), 'dir');
}

/** The published packages an example may import, and the peers their examples use. */
const LINKED: readonly (readonly [name: string, from?: string])[] = [
  ['@loop/core'],
  ['@loop/net'],
  ['@loop/rapier'],
  ['@types/node'],
  ['vite'], // a Vite config, as the worker section's isolation headers
  ['colyseus.js', 'packages/net'],
  ['@colyseus/core', 'packages/net'],
  ['three', 'packages/rapier'],
  ['@types/three', 'packages/rapier'],
  ['@dimforge/rapier3d-compat', 'packages/rapier'],
  // Rapier's deterministic build, for the rollback guide's game
  ['@dimforge/rapier3d-deterministic-compat', 'packages/rapier'],
  ['vitest'], // a test, as the rollback guide's sync test
];

/**
 * Writes each non-fragment block to `dir` as a module of its own beside the prelude, with a
 * tsconfig whose node_modules links the published packages (the workspace's, resolved through
 * their `exports` to dist/*.d.ts), their peers, @types/node, vite and vitest (LINKED), runs `tsc` once, and sorts its diagnostics back to
 * the blocks and markdown lines, with `options` on top of strict mode: the docs pages use
 * TEMPLATE_OPTIONS.
 */
export function check(
  blocks: readonly Block[],
  dir: string,
  options: Readonly<Record<string, boolean>> = {},
): CheckResult {
  const modules = join(dir, 'node_modules');
  mkdirSync(modules, { recursive: true });
  for (const [name, from] of LINKED) linkPackage(modules, name, from);
  writeFileSync(join(dir, 'prelude.d.ts'), `${Object.values(PRELUDE).join('\n')}\n`);
  const files = new Map<string, Block>();
  for (const [index, block] of blocks.entries()) {
    if (block.fragment) continue;
    const name = `example-${index}.ts`;
    files.set(name, block);
    writeFileSync(join(dir, name), `${block.code}\n`);
  }
  const tsconfig = {
    compilerOptions: {
      strict: true,
      ...options,
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      moduleDetection: 'force',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      types: ['node'],
      skipLibCheck: true,
      noEmit: true,
    },
    files: ['prelude.d.ts', ...files.keys()],
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  const run = spawnSync(process.execPath, [tscPath(), '-p', 'tsconfig.json', '--pretty', 'false'], {
    cwd: dir,
    encoding: 'utf8',
  });
  if (run.error) throw run.error;
  const byBlock = new Map<Block, Finding[]>();
  for (const block of files.values()) byBlock.set(block, []);
  const other: string[] = [];
  let last: Finding[] | undefined;
  for (const raw of `${run.stdout}${run.stderr}`.split('\n')) {
    if (raw.trim() === '') continue;
    const at = /^(.+?)\((\d+),(\d+)\): (.*)$/.exec(raw);
    const block = at ? files.get(at[1]!.replace(/^\.\//, '')) : undefined;
    if (at && block) {
      const line = block.line + Number(at[2]);
      last = byBlock.get(block)!;
      last.push({ line, text: `${block.file}:${line}:${at[3]}: ${at[4]}` });
    } else if (/^\s/.test(raw) && last) {
      // The continuation of a chained message belongs to the finding above it.
      const finding = last.pop()!;
      last.push({ line: finding.line, text: `${finding.text}\n${raw}` });
    } else {
      last = undefined;
      other.push(raw);
    }
  }
  if (run.status !== 0 && other.length === 0 && [...byBlock.values()].every((f) => !f.length)) {
    other.push(`tsc exited ${run.status} without a diagnostic`);
  }
  return { byBlock, other };
}

/** The failure message of one block: where it is, and what tsc said. */
export function report(block: Block, findings: readonly Finding[]): string {
  return [
    `${block.file}:${block.line}: the example does not type-check`,
    ...findings.map((f) => f.text),
  ].join('\n');
}
