import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Block,
  type CheckResult,
  check,
  docPages,
  ROOT,
  readmes,
  report,
  snippetFiles,
  TEMPLATE_OPTIONS,
  tsBlocks,
} from './markdown-examples.js';

const snippetsOf = (page: string) => snippetFiles(page, readFileSync(join(ROOT, page), 'utf8'));
const blocksOf = (files: string[]) =>
  files.flatMap((file) => tsBlocks(file, readFileSync(join(ROOT, file), 'utf8')));
/** READMEs in strict mode; the docs pages with a template's options as well. */
const readmeBlocks = blocksOf(readmes(ROOT));
const pageBlocks = blocksOf(docPages(ROOT));
const checked = [...readmeBlocks, ...pageBlocks].filter((block) => !block.fragment);

describe('examples in the READMEs and the docs pages', () => {
  const dirs: string[] = [];
  let result: CheckResult;

  beforeAll(() => {
    const run = (blocks: Block[], options = {}) => {
      dirs.push(mkdtempSync(join(tmpdir(), 'markdown-examples-')));
      return check(blocks, dirs.at(-1)!, options);
    };
    const readmesResult = run(readmeBlocks);
    const pagesResult = run(pageBlocks, TEMPLATE_OPTIONS);
    result = {
      byBlock: new Map([...readmesResult.byBlock, ...pagesResult.byBlock]),
      other: [...readmesResult.other, ...pagesResult.other],
    };
  }, 120_000);

  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('finds the examples (the core README and every guide page have some, checked or run)', () => {
    const withExamples = new Set(checked.map((block) => block.file));
    expect(withExamples).toContain('packages/core/README.md');
    for (const page of docPages(ROOT).filter((p) => p.startsWith('apps/docs/src/guide/'))) {
      if (snippetsOf(page).length > 0) continue; // an example project's files: its test runs them
      expect(withExamples, `${page} has no type-checked example`).toContain(page);
    }
  });

  it("shows only files of example projects whose tests run them, with VitePress's snippets", () => {
    const shown = docPages(ROOT).flatMap((page) => snippetsOf(page).map((file) => [page, file]));
    expect(shown.map(([page]) => page)).toEqual(
      expect.arrayContaining([
        'apps/docs/src/guide/rapier-three.md',
        'apps/docs/src/guide/colyseus-rooms.md',
      ]),
    );
    for (const [page, file] of shown) {
      const project = /^examples\/[^/]+\//.exec(file!)?.[0];
      expect(project, `${page} shows ${file}, outside examples/<name>/`).toBeDefined();
      expect(existsSync(join(ROOT, file!)), `${page} shows ${file}, which is not there`).toBe(true);
      const tests = readdirSync(join(ROOT, project!, 'src')).filter((f) => f.endsWith('.test.ts'));
      expect(tests.length, `${project} has no test that runs what ${page} shows`).toBeGreaterThan(
        0,
      );
      const pkg = JSON.parse(readFileSync(join(ROOT, project!, 'package.json'), 'utf8'));
      expect(pkg.scripts?.test, `${project}package.json has no test script`).toBeDefined();
    }
  });

  it('type-checks with nothing wrong outside the examples (prelude, config, packages)', () => {
    expect(result.other).toEqual([]);
  });

  it.each(checked.map((block) => [`${block.file}:${block.line}`, block] as const))(
    '%s type-checks',
    (_where, block) => {
      const findings = result.byBlock.get(block) ?? [];
      expect(findings.length, report(block, findings)).toBe(0);
    },
  );
});

describe('the checker', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'markdown-examples-self-'));
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('fails an example with an undefined name, naming the README and line; skips fragments', () => {
    const markdown = [
      '# demo', // 1
      '', // 2
      '```ts', // 3
      "import { createLoop, Interpolated } from '@loop/core';", // 4
      'const ball = new Interpolated(2);', // 5
      'createLoop({ render: (alpha) => ball.blend(scratch, alpha) });', // 6
      '```', // 7
      '', // 8
      '  ```typescript', // 9: indented, inside a list item
      '  createLoop({ update });', // 10: createLoop is not imported in this module
      '  ```', // 11
      '', // 12
      '```ts fragment', // 13
      'ball.blend(nowhere, alpha);', // 14
      '```', // 15
      '```ts', // 16
      "import { createBasicLoop } from '@loop/core';", // 17
      'createBasicLoop({ update: (dt) => world.step(dt), render: (a) => draw(world, a) });', // 18
      '```', // 19
      '```sh', // 20
      'not typescript', // 21
      '```', // 22
    ].join('\n');
    const demo = tsBlocks('demo/README.md', markdown);
    expect(demo.map((b) => [b.line, b.fragment])).toEqual([
      [3, false],
      [9, false],
      [13, true],
      [16, false],
    ]);
    const { byBlock, other } = check(demo, dir);
    expect(other).toEqual([]);
    const [undefinedName, notImported, fragment, fine] = demo;
    expect(byBlock.get(undefinedName!)!.map((f) => f.text)).toEqual([
      expect.stringMatching(/^demo\/README\.md:6:\d+: error TS2304: Cannot find name 'scratch'/),
    ]);
    expect(byBlock.get(notImported!)!.map((f) => f.text)).toEqual([
      expect.stringMatching(
        /^demo\/README\.md:10:\d+: error TS2304: Cannot find name 'createLoop'/,
      ),
    ]);
    expect(byBlock.has(fragment!)).toBe(false);
    expect(byBlock.get(fine!)).toEqual([]);
  });

  it("checks the docs pages with a template's options: an unchecked index fails there only", () => {
    const markdown = [
      '```ts', // 1
      'const xs = new Float64Array(2);', // 2
      'xs[0] += 1;', // 3: xs[0] may be undefined under noUncheckedIndexedAccess
      '```', // 4
    ].join('\n');
    const [strictOnly] = tsBlocks('demo/page.md', markdown);
    const [templated] = tsBlocks('demo/page.md', markdown);
    expect(check([strictOnly!], dir).byBlock.get(strictOnly!)).toEqual([]);
    const other = mkdtempSync(join(tmpdir(), 'markdown-examples-self-'));
    try {
      const { byBlock } = check([templated!], other, TEMPLATE_OPTIONS);
      expect(byBlock.get(templated!)!.map((f) => f.text)).toEqual([
        expect.stringMatching(/^demo\/page\.md:3:\d+: error TS2532: Object is possibly/),
      ]);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it("reads VitePress's snippet imports of a docs page as repo paths, nothing of a README", () => {
    const markdown = [
      '<<< @/../../../examples/demo/src/a.ts',
      '<<< @/../../../examples/demo/src/b.ts{2-4}',
      '<<< @/../../../examples/demo/src/c.ts#region [c]',
      '  <<< not at the start of a line',
      '```ts',
      '<<< @/inside/a/block.ts', // not a snippet outside a block either way: it is at a line start
      '```',
    ].join('\n');
    expect(snippetFiles('apps/docs/src/guide/demo.md', markdown)).toEqual([
      'examples/demo/src/a.ts',
      'examples/demo/src/b.ts',
      'examples/demo/src/c.ts',
      'apps/docs/src/inside/a/block.ts',
    ]);
    expect(snippetFiles('packages/demo/README.md', markdown)).toEqual([]);
  });

  it('finds the guide pages, not the generated reference', () => {
    const pages = docPages(ROOT);
    expect(pages).toEqual(
      expect.arrayContaining([
        'apps/docs/src/index.md',
        'apps/docs/src/guide/getting-started.md',
        'apps/docs/src/guide/interpolation.md',
      ]),
    );
    expect(pages.filter((p) => p.startsWith('apps/docs/src/reference/'))).toEqual([]);
  });

  it('finds READMEs in every workspace folder, none in node_modules or dist', () => {
    const found = readmes(ROOT);
    for (const path of [
      'README.md',
      'packages/core/README.md',
      'templates/rapier/README.md',
      'apps/lab/README.md',
    ]) {
      expect(found).toContain(path);
    }
    expect(found.filter((p) => /(^|\/)(node_modules|dist)\//.test(p))).toEqual([]);
  });
});
