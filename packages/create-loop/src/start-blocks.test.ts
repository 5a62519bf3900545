import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commentColumn } from './commands.js';
import {
  type BlockContext,
  findBlocks,
  MARKED_FILES,
  readBlockContext,
  renderBlocks,
  WIDTH,
  wrapMarkdown,
} from './start-blocks.js';
import { NOT_ON_NPM, PUBLISHED } from './start-commands.js';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');

/** What the repository's blocks are rendered from: the switch, templates/, @loop/core's version. */
const repoContext = (published: boolean = PUBLISHED): BlockContext =>
  readBlockContext(ROOT, published);

/** Every README.md of the repository and every page of the docs (the generated reference aside). */
function docsAndReadmes(dir: string = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (
        ['node_modules', 'dist', '.git', 'reference', '.turbo', '.stryker-tmp'].includes(entry.name)
      )
        return [];
      if (relative(ROOT, path) === 'packages/create-loop/templates') return []; // the build's copy
      return docsAndReadmes(path);
    }
    const rel = relative(ROOT, path);
    const page = rel.startsWith('apps/docs/src/') && entry.name.endsWith('.md');
    return entry.name === 'README.md' || page ? [rel] : [];
  });
}

/** The text of `file` outside its marked blocks. */
const outsideBlocks = (text: string) => text.replace(/<!-- start:[\s\S]*?<!-- \/start -->/g, '');

/** Whether `text` says `sentence`, however its lines are wrapped. */
const says = (text: string, sentence: string) =>
  text.replace(/\s+/g, ' ').includes(sentence.replace(/\s+/g, ' '));

describe('the repository’s marked blocks', () => {
  it.each(MARKED_FILES)('%s shows the state of the switch, its blocks up to date', (file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    expect(findBlocks(text).length, 'marked blocks').toBeGreaterThan(0);
    // Rewrite with `node packages/create-loop/scripts/start-blocks.mjs` when this fails.
    expect(text).toBe(renderBlocks(text, repoContext()));
    expect(says(text, NOT_ON_NPM)).toBe(!PUBLISHED);
  });

  it('no page or README shows the published commands outside a marked block', () => {
    // A command with its arguments, as a reader would copy it (a mention of `npm create loop`
    // as a name, in the release notes, is not one).
    const published =
      /\bnpm create loop@\S+ \S|\b(pnpm|yarn) create loop \S|\b(npm (install|i)|pnpm add|yarn add) @loop\/\w/;
    const offenders = docsAndReadmes().filter((file) =>
      published.test(outsideBlocks(readFileSync(join(ROOT, file), 'utf8'))),
    );
    expect(offenders).toEqual([]);
  });

  it('no page or README says by hand that the packages are not on npm (it would outlive the release)', () => {
    const unpublished = /not (yet )?on npm|not published|until the first release/i;
    const offenders = docsAndReadmes().filter((file) =>
      unpublished.test(outsideBlocks(readFileSync(join(ROOT, file), 'utf8')).replace(/\s+/g, ' ')),
    );
    expect(offenders).toEqual([]);
  });

  it('every file with a marked block is one the script rewrites', () => {
    const marked = docsAndReadmes().filter((file) =>
      readFileSync(join(ROOT, file), 'utf8').includes('<!-- start:'),
    );
    expect(marked.sort()).toEqual([...MARKED_FILES].sort());
  });

  it('Getting started lists every template create-loop ships, multiplayer included', () => {
    const page = readFileSync(join(ROOT, 'apps/docs/src/guide/getting-started.md'), 'utf8');
    const block = findBlocks(page).find((b) => b.kind === 'templates');
    const names = [...(block?.body ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    expect(names).toEqual(repoContext().templates);
    expect(names).toContain('multiplayer');
  });

  it.each([true, false])(
    'rendered with published %s, every block is stable and aligned',
    (state) => {
      for (const file of MARKED_FILES) {
        const text = readFileSync(join(ROOT, file), 'utf8');
        const once = renderBlocks(text, repoContext(state));
        expect(renderBlocks(once, repoContext(state)), file).toBe(once);
        expect(renderBlocks(once, repoContext(PUBLISHED)), file).toBe(text);
        expect(says(once, NOT_ON_NPM), file).toBe(!state);
        for (const block of findBlocks(once)) {
          for (const code of block.body.match(/```sh\n[\s\S]*?```/g) ?? []) {
            expect(commentColumn(code), `${file}: ${code}`).not.toBe(-1);
          }
        }
      }
    },
  );

  it.each(MARKED_FILES)('%s: every code block’s comments start in one column', (file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const block of text.match(/^```[^\n]*\n[\s\S]*?^```$/gm) ?? []) {
      expect(commentColumn(block), `${file}:\n${block}`).not.toBe(-1);
    }
  });

  it('published, a page shows the npm commands first and no clone path before them', () => {
    const text = readFileSync(join(ROOT, 'apps/docs/src/guide/getting-started.md'), 'utf8');
    const after = renderBlocks(text, repoContext(true));
    expect(after).not.toContain('create:local');
    expect(after).toContain('npm create loop@latest my-game -- --template canvas2d');
    const readme = renderBlocks(readFileSync(join(ROOT, 'README.md'), 'utf8'), repoContext(true));
    expect(readme.indexOf('npm create loop@latest')).toBeLessThan(readme.indexOf('create:local'));
  });
});

describe('renderBlocks', () => {
  const context: BlockContext = { published: false, templates: ['a', 'b'], coreVersion: '1.0.0' };

  it('rewrites only between the markers, keeping their parameters', () => {
    const text = 'before\n<!-- start:templates -->\nstale\n<!-- /start -->\nafter\n';
    expect(renderBlocks(text, context)).toBe(
      'before\n<!-- start:templates -->\n\nThe templates are `a` and `b`.\n\n<!-- /start -->\nafter\n',
    );
    const create =
      '<!-- start:create template=a dir=x comment="the dev server" -->\n<!-- /start -->';
    const [block] = findBlocks(create);
    expect(block!.params).toEqual({ template: 'a', dir: 'x', comment: 'the dev server' });
  });

  it('refuses an unknown kind, a missing parameter and an unclosed marker, naming them', () => {
    expect(() => renderBlocks('<!-- start:nope -->\n<!-- /start -->', context)).toThrow(
      'unknown marked block <!-- start:nope -->',
    );
    expect(() => renderBlocks('<!-- start:create -->\n<!-- /start -->', context)).toThrow(
      '<!-- start:create --> needs template="…"',
    );
    expect(() => renderBlocks('<!-- start:install -->\ntext\n', context)).toThrow(
      'without its <!-- /start -->',
    );
  });

  it('wraps prose at the docs’ width, never inside a code span or a code block', () => {
    const long = `${'word '.repeat(30)}\`a code span that is long\` end`;
    const wrapped = wrapMarkdown(long, WIDTH);
    expect(wrapped.split('\n').every((line) => line.length <= WIDTH)).toBe(true);
    expect(wrapped).toContain('`a code span that is long`');
    const fenced = `\`\`\`sh\n${'x'.repeat(120)}\n\`\`\``;
    expect(wrapMarkdown(fenced, WIDTH)).toBe(fenced);
  });
});
