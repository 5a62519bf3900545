import { describe, expect, it } from 'vitest';
import { closest, editDistance } from './suggest.js';

const TEMPLATES = ['canvas2d', 'mobile', 'three'];

describe('closest', () => {
  it('finds the name typed in another case', () => {
    expect(closest('Three', TEMPLATES)).toBe('three');
    expect(closest('MOBILE', TEMPLATES)).toBe('mobile');
  });

  it('finds a name one or two slips away: a letter missing, extra, wrong or swapped', () => {
    expect(closest('tree', TEMPLATES)).toBe('three');
    expect(closest('threee', TEMPLATES)).toBe('three');
    expect(closest('thrre', TEMPLATES)).toBe('three');
    expect(closest('htree', TEMPLATES)).toBe('three');
    expect(closest('canvas', TEMPLATES)).toBe('canvas2d');
    expect(closest('--tempalte', ['--template', '--list'])).toBe('--template');
  });

  it('suggests nothing for a name that is not close to any', () => {
    expect(closest('rapier', TEMPLATES)).toBeUndefined();
    expect(closest('web', TEMPLATES)).toBeUndefined();
    expect(closest('three', [])).toBeUndefined();
  });

  it('allows more slips in a longer name: a third of its length, at least one', () => {
    expect(closest('mob', ['mobile'])).toBeUndefined(); // 3 edits, limit 1
    expect(closest('mobi', ['mobile'])).toBeUndefined(); // 2 edits, limit 1
    expect(closest('mobil', ['mobile'])).toBe('mobile'); // 1 edit, limit 1
    expect(closest('canva', ['canvas2d'])).toBeUndefined(); // 3 edits, limit 1
    expect(closest('cnvas2', ['canvas2d'])).toBe('canvas2d'); // 2 edits, limit 2
  });

  it('prefers the nearest of several candidates', () => {
    expect(closest('lisp', ['list', 'lasso'])).toBe('list');
    expect(closest('abcd', ['abxy', 'abcx'])).toBe('abcx');
  });
});

describe('editDistance', () => {
  it('counts inserts, deletes, replacements and swaps of neighbours', () => {
    expect(editDistance('', '')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('abc', '')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('ab', 'ba')).toBe(1);
    expect(editDistance('abcd', 'acbd')).toBe(1);
    expect(editDistance('ca', 'abc')).toBe(3);
    expect(editDistance('three', 'three')).toBe(0);
  });
});
