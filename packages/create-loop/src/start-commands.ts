/**
 * How a stranger starts a game, in one place for both states of the project: before the first
 * release (nothing on npm: `npm create loop` and `npm install @loop/core` answer 404) and after
 * it. The docs, the READMEs (their marked blocks, `start-blocks.ts`), the gallery's cards and
 * create-loop's own `--help` and warnings all take their commands from here.
 *
 * No imports, on purpose: the gallery's page imports this file as it is.
 */

/**
 * Whether `@loop/core` and `create-loop` are on npm. **The one switch to flip at the first
 * release**: `node packages/create-loop/scripts/start-blocks.mjs --published true` sets it here
 * and rewrites every marked block of the docs and READMEs to match; `--check` (a test runs it)
 * fails while one shows the other state. Keep this line exactly as it is written: the script
 * finds it by its text.
 */
export const PUBLISHED: boolean = false;

/** The docs' first page, as a path in the loop repository (the project has no site address). */
export const GETTING_STARTED = 'apps/docs/src/guide/getting-started.md';

/** The folder a new game goes in when the docs' examples do not name one. */
export const EXAMPLE_DIR = 'my-game';

/** The package managers whose `create` lines the docs show, in that order. */
export const MANAGERS = ['npm', 'pnpm', 'yarn'] as const;

/** One of `MANAGERS`. */
export type CreateManager = (typeof MANAGERS)[number];

/** The plain statement of the unpublished state, said wherever the published commands appear. */
export const NOT_ON_NPM =
  'The loop packages (`@loop/core`, `@loop/net`, `@loop/r3f`, `@loop/rapier`) and `create-loop` ' +
  'are not on npm yet: `npm create loop` and `npm install @loop/core` answer 404 until the first release.';

/**
 * The published create command as each manager spells it: npm needs `@latest` (or it runs a
 * cached older create-loop) and `--` before the flags (or it keeps them for itself).
 */
export function publishedCreate(
  manager: CreateManager,
  template: string,
  dir: string = EXAMPLE_DIR,
): string {
  if (manager === 'npm') return `npm create loop@latest ${dir} -- --template ${template}`;
  return `${manager} create loop ${dir} --template ${template}`;
}

/**
 * The command that works today, from the root of a clone: the root's `create:local` builds the
 * packages, scaffolds with that create-loop and packs the game's `@loop/*` packages into its
 * `vendor/`.
 * The game goes beside the clone (`../<dir>`), outside the workspace.
 */
export function localCreate(template: string, dir: string = EXAMPLE_DIR): string {
  return `pnpm create:local ../${dir} --template ${template}`;
}

/** The create command to show first in the given state. */
export function createCommand(
  published: boolean,
  template: string,
  dir: string = EXAMPLE_DIR,
): string {
  return published ? publishedCreate('npm', template, dir) : localCreate(template, dir);
}

/**
 * Lines of a shell block, each `# comment` starting in one column, two spaces after the longest
 * command that has one. Why: a block whose comments wander reads as noise, and the commands
 * here are generated, so no one aligns them by hand.
 */
export function alignComments(lines: readonly (readonly [string, string?])[]): string[] {
  const width = Math.max(0, ...lines.filter(([, c]) => c !== undefined).map(([s]) => s.length));
  return lines.map(([command, comment]) =>
    comment === undefined ? command : `${command.padEnd(width)}  # ${comment}`,
  );
}

/** A fenced `sh` block of `lines`. */
export function shBlock(lines: readonly string[]): string {
  return ['```sh', ...lines, '```'].join('\n');
}

/** Options of the Markdown that starts a game. */
export interface CreateOptions {
  /** The template the example scaffolds. */
  template: string;
  /** The new game's folder. */
  dir?: string;
  /** Write `cd`, install and dev on one line (`cd x && npm install && npm run dev`). */
  oneLine?: boolean;
  /** A comment for the dev line (what the dev server serves). */
  devComment?: string;
}

/** `cd`, install and dev for a game in `cdPath`, as lines (or one line joined by `&&`). */
function afterCreate(cdPath: string, options: CreateOptions): (readonly [string, string?])[] {
  const steps = [`cd ${cdPath}`, 'npm install', 'npm run dev'];
  if (options.oneLine) return [[steps.join(' && '), options.devComment]];
  return [[steps[0]!], [steps[1]!], [steps[2]!, options.devComment]];
}

/**
 * The Markdown that starts a game from a template. Published: the `npm create` block. Before:
 * the statement that nothing is on npm, the clone's `create:local` block first, and the
 * published block after it, labelled as the command of the first release.
 */
export function createMarkdown(published: boolean, options: CreateOptions): string {
  const dir = options.dir ?? EXAMPLE_DIR;
  const release = shBlock(
    alignComments([[publishedCreate('npm', options.template, dir)], ...afterCreate(dir, options)]),
  );
  if (published) return release;
  const today = shBlock(
    alignComments([
      [localCreate(options.template, dir), 'in a clone of the loop repository'],
      ...afterCreate(`../${dir}`, options),
    ]),
  );
  return [
    `${NOT_ON_NPM} Today, start from a clone of the loop repository (Node ≥ 20.19 and pnpm):`,
    today,
    "`create:local` builds the packages, scaffolds, and packs the game's `@loop/*` packages " +
      'into its `vendor/` folder, so the game installs from the ordinary registry with npm, ' +
      'pnpm or yarn. After the first release it will be:',
    release,
  ].join('\n\n');
}

/**
 * The Markdown that adds loop packages to an existing project: `packages` (default
 * `@loop/core`; a library such as `@loop/rapier` beside it, and a peer such as
 * `@dimforge/rapier3d`) in one `npm install`. Before the release: pack the `@loop/*` ones in a
 * clone and install the tarballs (`version` is the clone's, one for all loop packages).
 */
export function installMarkdown(
  published: boolean,
  version: string,
  packages: readonly string[] = ['@loop/core'],
): string {
  const release = shBlock([`npm install ${packages.join(' ')}`]);
  if (published) return release;
  const loop = packages.filter((name) => name.startsWith('@loop/'));
  const others = packages.filter((name) => !name.startsWith('@loop/'));
  const tarball = (name: string) => `${name.slice(1).replace('/', '-')}-${version}.tgz`;
  const folder = (name: string) => name.slice('@loop/'.length);
  const filters = loop.map((name) => `--filter ${name}`).join(' ');
  if (loop.length === 1) {
    const [name] = loop as [string];
    return [
      `${NOT_ON_NPM} Today, pack it in a clone of the loop repository and install the tarball:`,
      shBlock(
        alignComments([
          [`pnpm install && pnpm ${filters} build`, 'in the clone'],
          [`cd packages/${folder(name)} && pnpm pack`, `writes ${tarball(name)}`],
          [
            `npm install /path/to/loop/packages/${folder(name)}/${tarball(name)}`,
            'in your project',
          ],
        ]),
      ),
      'After the first release it will be:',
      release,
    ].join('\n\n');
  }
  // Several: packed into one folder of the clone, so the install line stays readable.
  const paths = loop.map((name) => `/path/to/loop/packs/${tarball(name)}`);
  return [
    `${NOT_ON_NPM} Today, pack them in a clone of the loop repository and install the tarballs:`,
    shBlock([
      '# in the clone',
      `pnpm install && pnpm ${filters} build`,
      `pnpm ${filters} exec pnpm pack --pack-destination ../../packs`,
      '# in your project',
      `npm install ${[...paths, ...others].join(' ')}`,
    ]),
    'After the first release it will be:',
    release,
  ].join('\n\n');
}

/** `a`, `a` and `b`, `a`, `b` and `c`: the template names as a sentence, each in backticks. */
export function templateList(names: readonly string[]): string {
  const quoted = names.map((name) => `\`${name}\``);
  if (quoted.length < 2) return quoted[0] ?? '';
  return `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}

/** The create command of a gallery card (plain text, no Markdown). */
export function cardCommand(published: boolean, template: string): string {
  return createCommand(published, template);
}

/** What a gallery card says around `cardCommand`: where it runs, or that it is not on npm yet. */
export function cardNote(published: boolean): string {
  return published ? '' : ' from a clone of the loop repository (nothing is on npm yet)';
}

/**
 * The usage lines of create-loop's `--help` and README, each with what it is for: the
 * published lines for npm, pnpm and yarn; before the release, the clone's line first.
 */
export function usageLines(published: boolean): [string, string?][] {
  const release: [string, string?][] = [
    [publishedCreate('npm', 'three'), published ? undefined : 'after the first release'],
    [publishedCreate('pnpm', 'canvas2d')],
    [publishedCreate('yarn', 'mobile')],
  ];
  if (published) return release;
  return [[localCreate('rapier'), 'today, in a clone of the loop repository'], ...release];
}

/**
 * What to do when a published range of `name` is not on the registry: the clone's path, in
 * plain text for a terminal. Said by the CLI after scaffolding (see `registry-check.ts`).
 */
export function unpublishedAdvice(template: string, dir: string = EXAMPLE_DIR): string {
  return (
    `The path that works today: in a clone of the loop repository, run ` +
    `\`${localCreate(template, dir)}\` (it packs the game's @loop/* packages into its vendor/ folder), ` +
    `or point the dependency at a packed tarball. See ${GETTING_STARTED} in the repository.`
  );
}
