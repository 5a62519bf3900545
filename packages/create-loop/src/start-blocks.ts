import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  alignComments,
  createMarkdown,
  installMarkdown,
  localCreate,
  NOT_ON_NPM,
  publishedCreate,
  shBlock,
  templateList,
  usageLines,
} from './start-commands.js';

/**
 * The marked blocks of the docs and READMEs that show how to start: Markdown between
 * `<!-- start:<kind> key=value key="a value" -->` and `<!-- /start -->`, written from
 * `start-commands.ts` for one state of the `PUBLISHED` switch. `scripts/start-blocks.mjs`
 * rewrites them when the switch flips; a test holds every file to the switch's state.
 *
 * Why marked blocks and not words edited by hand: the same commands appear in ten places, and
 * the day they change (the first release) every one of them must change at once.
 */

/** The files with marked blocks, relative to the repository's root. */
export const MARKED_FILES = [
  'README.md',
  'apps/docs/src/guide/colyseus-rooms.md',
  'apps/docs/src/guide/getting-started.md',
  'apps/docs/src/guide/multiplayer.md',
  'apps/docs/src/guide/r3f.md',
  'apps/docs/src/guide/rapier-three.md',
  'apps/docs/src/guide/rollback.md',
  'apps/gallery/README.md',
  'packages/core/README.md',
  'packages/create-loop/README.md',
  'packages/net/README.md',
  'packages/r3f/README.md',
  'packages/rapier/README.md',
] as const;

/** What a block's text depends on besides the switch. */
export interface BlockContext {
  /** Whether the packages are on npm. */
  published: boolean;
  /** The template names create-loop ships (the monorepo's `templates/*`), sorted. */
  templates: readonly string[];
  /** The clone's `@loop/core` version (the tarball's name has it). */
  coreVersion: string;
}

/**
 * The context of the repository at `root` for one state of the switch: the template names of
 * its `templates/` (folders with a package.json, as create-loop's build ships them) and its
 * `@loop/core` version.
 */
export function readBlockContext(root: string, published: boolean): BlockContext {
  const dir = join(root, 'templates');
  const templates = readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, 'package.json')))
    .map((e) => e.name)
    .sort();
  const core = JSON.parse(readFileSync(join(root, 'packages', 'core', 'package.json'), 'utf8'));
  return { published, templates, coreVersion: String(core.version) };
}

/** A marked block found in a file. */
export interface MarkedBlock {
  kind: string;
  params: Readonly<Record<string, string>>;
  /** The text between the markers, without the blank lines around it. */
  body: string;
}

const BLOCK =
  /<!-- start:([\w-]+)((?: [\w-]+(?:=(?:"[^"]*"|[^\s"]+))?)*) -->\n([\s\S]*?)<!-- \/start -->/g;
const PARAM = / ([\w-]+)(?:=(?:"([^"]*)"|([^\s"]+)))?/g;

/** Every marked block of `text`, in order. */
export function findBlocks(text: string): MarkedBlock[] {
  return [...text.matchAll(BLOCK)].map((m) => ({
    kind: m[1]!,
    params: parseParams(m[2]!),
    body: m[3]!.trim(),
  }));
}

/** ` a=1 b="x y" c` -> `{ a: '1', b: 'x y', c: '' }`. */
function parseParams(raw: string): Record<string, string> {
  return Object.fromEntries([...raw.matchAll(PARAM)].map((p) => [p[1]!, p[2] ?? p[3] ?? '']));
}

/**
 * `text` with every marked block rewritten for `context`. Throws on a marker that opens and
 * never closes, and on an unknown kind or a missing parameter, naming them.
 */
export function renderBlocks(text: string, context: BlockContext): string {
  const opened = text.match(/<!-- start:/g)?.length ?? 0;
  if (opened !== findBlocks(text).length) {
    throw new Error('a <!-- start:… --> marker without its <!-- /start --> (or malformed)');
  }
  return text.replace(BLOCK, (_all, kind: string, rawParams: string) => {
    const block: MarkedBlock = { kind, params: parseParams(rawParams), body: '' };
    const body = wrapMarkdown(renderBlock(block, context), WIDTH);
    return `<!-- start:${kind}${rawParams} -->\n\n${body}\n\n<!-- /start -->`;
  });
}

/** The Markdown of one block. */
export function renderBlock(block: MarkedBlock, context: BlockContext): string {
  const { params } = block;
  const need = (key: string): string => {
    const value = params[key];
    if (value === undefined || value === '') {
      throw new Error(`<!-- start:${block.kind} --> needs ${key}="…"`);
    }
    return value;
  };
  switch (block.kind) {
    case 'create': {
      const options: Parameters<typeof createMarkdown>[1] = { template: need('template') };
      if (params.dir !== undefined) options.dir = params.dir;
      if (params['one-line'] !== undefined) options.oneLine = true;
      if (params.comment !== undefined) options.devComment = params.comment;
      return createMarkdown(context.published, options);
    }
    case 'install': {
      const packages = params.packages?.split(/\s+/).filter(Boolean);
      return installMarkdown(context.published, context.coreVersion, packages);
    }
    case 'templates':
      return `The templates are ${templateList(context.templates)}.`;
    case 'server-app':
      return serverAppSentence(context.published, need('template'));
    case 'usage': {
      const block = shBlock(alignComments(usageLines(context.published)));
      return context.published
        ? block
        : `${NOT_ON_NPM} Until then, start from a clone:\n\n${block}`;
    }
    case 'readme-start':
      return readmeStart(context.published);
    default:
      throw new Error(`unknown marked block <!-- start:${block.kind} -->`);
  }
}

/** How to run an app that needs its own game server, for the gallery's README. */
function serverAppSentence(published: boolean, template: string): string {
  const card =
    'Its card says how to run it instead of linking it: `npm start` in the repository, or start ' +
    'your own game with ';
  if (published) return `${card}\`${publishedCreate('npm', template)}\`.`;
  return `${card}\`${localCreate(template)}\` in a clone. ${NOT_ON_NPM}`;
}

/** The root README's "Start a game": what works now first, the published commands with it. */
function readmeStart(published: boolean): string {
  const fromNpm = [
    published
      ? '**From npm**, with any package manager:'
      : '**After the first release** (the same commands, tested against a local registry that holds the packed release by `packages/release`):',
    shBlock([
      publishedCreate('npm', 'three'),
      publishedCreate('pnpm', 'canvas2d'),
      publishedCreate('yarn', 'mobile'),
      publishedCreate('npm', 'rapier', 'my-physics-game'),
    ]),
  ].join('\n\n');
  const fromClone = [
    published
      ? "**From a clone**, to try a change of the loop packages in a game before it is released. One command installs the workspace when needed, builds the packages and scaffolds; outside the repository it packs the game's `@loop/*` packages into its `vendor/` folder, so the game installs with npm, pnpm or yarn from the ordinary registry:"
      : `**Today, from a clone**: ${NOT_ON_NPM} One command installs the workspace when needed, builds the packages and scaffolds; outside the repository it packs the game's \`@loop/*\` packages into its \`vendor/\` folder, so the game installs with npm, pnpm or yarn from the ordinary registry:`,
    shBlock(
      alignComments([
        [localCreate('rapier'), 'or: npm run create:local -- ../my-game --template rapier'],
        ['cd ../my-game && npm install && npm run dev'],
      ]),
    ),
  ].join('\n\n');
  const inWorkspace = [
    '**Inside this workspace** (a game that uses the `@loop/core` of the clone, as the templates do): create it under `games/`. It keeps `"@loop/core": "workspace:^"`, create-loop says it found the workspace, and turbo builds and tests it beside the templates:',
    shBlock(
      alignComments([
        ['pnpm create:local games/my-game --template mobile'],
        ["pnpm install && pnpm --filter 'my-game^...' build", 'link it and build @loop/core'],
        ['pnpm --filter my-game dev', 'or: pnpm turbo run build test --filter=my-game'],
      ]),
    ),
  ].join('\n\n');
  return (published ? [fromNpm, fromClone, inWorkspace] : [fromClone, inWorkspace, fromNpm]).join(
    '\n\n',
  );
}

/** The column the docs' and READMEs' prose wraps at. */
export const WIDTH = 100;

/**
 * `markdown` with each paragraph (not fenced code) wrapped at `width` columns, breaking only at
 * spaces outside code spans, so a generated block reads like the hand-wrapped text around it.
 */
export function wrapMarkdown(markdown: string, width: number): string {
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (line.startsWith('```')) fenced = !fenced;
      if (fenced || line.startsWith('```') || line.length <= width) return line;
      const lines: string[] = [];
      let current = '';
      for (const word of words(line)) {
        if (current !== '' && current.length + 1 + word.length > width) {
          lines.push(current);
          current = word;
        } else current = current === '' ? word : `${current} ${word}`;
      }
      lines.push(current);
      return lines.join('\n');
    })
    .join('\n');
}

/** The words of a line, a code span (`` `a b` ``) counted as one word. */
function words(line: string): string[] {
  return line.match(/(?:`[^`]*`|[^\s`])+/g) ?? [];
}
