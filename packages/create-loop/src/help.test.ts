import { describe, expect, it } from 'vitest';
import { HELP_WIDTH, helpText, wrap } from './help.js';
import { PUBLISHED } from './start-commands.js';

/** Lines of `text` wider than the help's 80 columns, with their widths. */
const tooWide = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.length > HELP_WIDTH)
    .map((line) => `${line.length}: ${line}`);

describe('helpText', () => {
  it('fits 80 columns with the shipped templates', () => {
    const text = helpText(['canvas2d', 'mobile', 'rapier', 'three']);
    expect(HELP_WIDTH).toBe(80);
    expect(tooWide(text)).toEqual([]);
    expect(text).toContain(
      '  -t, --template <name>  the template: canvas2d, mobile, rapier, three\n',
    );
  });

  it('wraps a long list of templates under its option, losing none', () => {
    const names = Array.from({ length: 14 }, (_, i) => `template-number-${i}`);
    const text = helpText(names);
    expect(tooWide(text)).toEqual([]);
    const start = text.indexOf('  -t, --template <name>');
    const block = text.slice(start, text.indexOf('      --overwrite'));
    expect(block.split('\n').length).toBeGreaterThan(3);
    for (const line of block.trimEnd().split('\n').slice(1)) {
      expect(line).toMatch(/^ {25}\S/);
    }
    expect(block.replace(/\s+/g, ' ')).toContain(names.join(', '));
  });

  it('keeps its paragraphs apart: each one ends before the next begins', () => {
    const text = helpText(['a']);
    const paragraphs = text.split('\n\n');
    expect(paragraphs.find((p) => p.includes('--template is required'))).not.toContain('staging');
    expect(paragraphs.find((p) => p.includes('staging'))).toContain('Errors exit 1');
    expect(paragraphs.find((p) => p.includes('pnpm workspace'))).toContain('workspace:^');
  });

  it('before the release: says nothing is on npm and shows the clone’s command first', () => {
    const text = helpText(['a'], false);
    expect(text).toContain('Not on npm yet: until the first release, npm create loop answers 404.');
    const local = text.indexOf('  pnpm create:local ../my-game --template rapier\n');
    expect(local).toBeGreaterThan(0);
    expect(text.indexOf('  npm create loop@latest my-game -- --template three\n')).toBeGreaterThan(
      local,
    );
    expect(tooWide(text)).toEqual([]);
    expect(text).toContain(
      [
        'from a template.',
        '',
        'Not on npm yet: until the first release, npm create loop answers 404. Today,',
        'from a clone of the loop repository:',
        '',
        '  pnpm create:local ../my-game --template rapier',
        '',
        'After the first release:',
        '',
        '  npm create loop@latest my-game -- --template three',
        '  pnpm create loop my-game --template canvas2d',
        '  yarn create loop my-game --template mobile',
        '',
        'Arguments:',
      ].join('\n'),
    );
  });

  it('after it: the npm, pnpm and yarn lines alone', () => {
    const text = helpText(['a'], true);
    expect(text).not.toMatch(/create:local|Not on npm/);
    expect(text).toContain(
      'from a template.\n\n  npm create loop@latest my-game -- --template three\n  pnpm create loop my-game --template canvas2d\n  yarn create loop my-game --template mobile\n\nArguments:',
    );
  });

  it('follows the switch when no state is given', () => {
    expect(helpText(['a'])).toBe(helpText(['a'], PUBLISHED));
  });

  it('says when no template was shipped', () => {
    expect(helpText([])).toContain('the template: (none shipped)');
  });
});

describe('wrap', () => {
  it('breaks at spaces within the width, and gives an over-long word its own line', () => {
    expect(wrap('aa bb cc dd', 5)).toEqual(['aa bb', 'cc dd']);
    expect(wrap('a verylongword b', 5)).toEqual(['a', 'verylongword', 'b']);
    expect(wrap('', 5)).toEqual([]);
    expect(wrap('verylongword b', 5)).toEqual(['verylongword', 'b']);
  });

  it('takes any run of white space as one break, and none at the ends', () => {
    expect(wrap(' aa  bb \n cc ', 5)).toEqual(['aa bb', 'cc']);
    expect(wrap('aa ', 5)).toEqual(['aa']);
  });
});
