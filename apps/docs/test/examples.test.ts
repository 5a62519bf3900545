import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckResult, check, ROOT, readmes, report, tsBlocks } from './readme-examples.js';

const blocks = readmes(ROOT).flatMap((readme) =>
  tsBlocks(readme, readFileSync(join(ROOT, readme), 'utf8')),
);
const checked = blocks.filter((block) => !block.fragment);

describe('README examples', () => {
  let dir: string;
  let result: CheckResult;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'readme-examples-'));
    result = check(blocks, dir);
  }, 120_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('finds the examples (the core README has some)', () => {
    expect(checked.some((block) => block.readme === 'packages/core/README.md')).toBe(true);
  });

  it('type-checks with nothing wrong outside the examples (prelude, config, packages)', () => {
    expect(result.other).toEqual([]);
  });

  it.each(checked.map((block) => [`${block.readme}:${block.line}`, block] as const))(
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
    dir = mkdtempSync(join(tmpdir(), 'readme-examples-self-'));
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
