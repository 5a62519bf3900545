import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers.js';
import { stripMutationComments, withoutMutationComments } from './mutation-comments.js';

describe('withoutMutationComments', () => {
  it('drops each whole line that is a Stryker directive, indented or not, and nothing else', () => {
    const text = [
      'const a = 1;',
      '  // Stryker disable next-line EqualityOperator: one more round writes past the end',
      '  for (let i = 0; i < n; i++) step(i);',
      '// Stryker disable StringLiteral: colours are the look',
      "const colour = '#fff';",
      '\t// Stryker restore StringLiteral',
      '// A comment that names Stryker stays.',
      'const b = 2; // Stryker is named here too, and stays',
      '',
    ].join('\n');
    expect(withoutMutationComments(text)).toBe(
      [
        'const a = 1;',
        '  for (let i = 0; i < n; i++) step(i);',
        "const colour = '#fff';",
        '// A comment that names Stryker stays.',
        'const b = 2; // Stryker is named here too, and stays',
        '',
      ].join('\n'),
    );
  });

  it('keeps CRLF line ends, takes a last line without one, and leaves a file without directives as it is', () => {
    expect(withoutMutationComments('a\r\n// Stryker disable next-line all: why\r\nb\r\n')).toBe(
      'a\r\nb\r\n',
    );
    expect(withoutMutationComments('a\n// Stryker restore all')).toBe('a\n');
    const plain =
      '// Strykers disable nothing\nconst x = 1; // Stryker disable-line is not whole\n';
    expect(withoutMutationComments(plain)).toBe(plain);
  });
});

describe('stripMutationComments', () => {
  let dir: string;
  beforeEach(() => {
    dir = tempDir('create-loop-mutation-comments-');
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('rewrites the source files at every depth, counts them, and leaves other files untouched', async () => {
    const directive = '// Stryker disable next-line all: a reason\n';
    const files: Record<string, string> = {
      'src/a.ts': `${directive}export const a = 1;\n`,
      'src/deep/b.tsx': `${directive}export const b = 2;\n`,
      'src/c.mjs': `${directive}export const c = 3;\n`,
      'src/plain.ts': 'export const d = 4;\n',
      'README.md': `${directive}text\n`,
      'index.html': `${directive}<p></p>\n`,
      'src/notes.ts.txt': `${directive}notes\n`,
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    expect(await stripMutationComments(dir)).toBe(3);
    const read = (path: string) => readFileSync(join(dir, path), 'utf8');
    expect(read('src/a.ts')).toBe('export const a = 1;\n');
    expect(read('src/deep/b.tsx')).toBe('export const b = 2;\n');
    expect(read('src/c.mjs')).toBe('export const c = 3;\n');
    expect(read('src/plain.ts')).toBe(files['src/plain.ts']);
    expect(read('README.md')).toBe(files['README.md']);
    expect(read('index.html')).toBe(files['index.html']);
    expect(read('src/notes.ts.txt')).toBe(files['src/notes.ts.txt']);
    expect(await stripMutationComments(dir)).toBe(0);
  });
});
