import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { folderNameProblem, nameProblems, packageNameFor } from './project-name.js';
import { isValidPackageName } from './validate.js';

describe('folderNameProblem', () => {
  it.each([
    ['', /names no folder/],
    ['   ', /names no folder/],
    ['..', /the folder around this one/],
    ['../..', /the folder around this one/],
    ['...', /only dots/],
    ['games/....', /only dots/],
    ['!!!', /no letter or digit/],
    ['-_-', /no letter or digit/],
    ['node_modules', /where packages are installed/],
    ['CON', /Windows reserves/],
    ['nul.txt', /Windows reserves/],
    ['lpt1', /Windows reserves/],
    ['COM1', /Windows reserves/],
    ['a/ con ', /Windows reserves/],
    ['nul\0byte', /^"nul\\u0000byte" holds a control character/],
    ['a\0b/.', /holds a control character/],
    ['tab\there', /holds a control character/],
    ['line\nbreak', /holds a control character/],
    ['del\u007f', /holds a control character/],
    ['\u001fx', /holds a control character/],
  ])('refuses %j', (dir, pattern) => {
    expect(folderNameProblem(dir)).toMatch(pattern);
  });

  it.each([
    '.',
    './',
    'my-game',
    'My Game!',
    '../my-game',
    'games/my-game/',
    'Jeu été',
    'ゲーム',
    'console',
    'com10',
    'coma',
    'falcon',
    'v1.',
    '.hidden',
    'my-game/ ',
  ])('takes %j', (dir) => {
    expect(folderNameProblem(dir)).toBeUndefined();
  });

  it('quotes the name it refuses, so an empty or blank one is visible', () => {
    expect(folderNameProblem('...')).toContain('"..."');
    expect(folderNameProblem('')).toContain('""');
  });

  it('accepts only names with a letter or digit, whatever the input (property, seed recorded)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), (dir) => {
        const problem = folderNameProblem(dir);
        const last =
          dir
            .trim()
            .split(/[\\/]+/)
            .filter(Boolean)
            .at(-1)
            ?.trim() ?? '';
        if (problem === undefined && last !== '.') expect(last).toMatch(/[\p{L}\p{N}]/u);
        if (problem !== undefined) expect(problem).not.toContain('\n');
      }),
      { seed: 20261127, numRuns: 500 },
    );
  });
});

describe('packageNameFor', () => {
  it('uses a valid folder name as it is, with nothing to say', () => {
    expect(packageNameFor('my-game')).toEqual({ name: 'my-game', note: undefined });
  });

  it('says which name package.json gets and why', () => {
    const { name, note } = packageNameFor('My Game!');
    expect(name).toBe('my-game');
    expect(note).toBe(
      'note: package.json names the project "my-game": "My Game!" is not a valid npm package name (upper case letters; spaces; characters npm does not take: !)',
    );
  });

  it('says only what is wrong, each problem once, in words', () => {
    expect(packageNameFor(' my-game').note).toBe(
      'note: package.json names the project "my-game": " my-game" is not a valid npm package name (spaces around it)',
    );
    expect(nameProblems(' My Game ')).toEqual(['spaces around it', 'upper case letters', 'spaces']);
    expect(nameProblems('My.Game')).toEqual(['upper case letters']);
    expect(nameProblems('a!b?c!')).toEqual(['characters npm does not take: ! ?']);
    expect(nameProblems(`A${'a'.repeat(213)}`)).toEqual(['upper case letters']);
    expect(nameProblems('a'.repeat(215))).toEqual(['more than 214 characters']);
  });

  it('names a leading dot, a reserved module name and an over-long name', () => {
    expect(packageNameFor('.hidden').note).toContain('a leading dot or underscore');
    expect(packageNameFor('http')).toMatchObject({ name: 'http-game' });
    expect(packageNameFor('http').note).toContain('a name npm reserves');
    expect(packageNameFor('a'.repeat(215)).note).toContain('more than 214 characters');
  });

  it('gives a valid name and a reason for any folder name (property, seed recorded)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }), (folder) => {
        const { name, note } = packageNameFor(folder);
        expect(isValidPackageName(name)).toBe(true);
        if (name !== folder) {
          expect(note).toContain(`"${name}"`);
          expect(nameProblems(folder).length).toBeGreaterThan(0);
        } else expect(note).toBeUndefined();
      }),
      { seed: 20261127, numRuns: 500 },
    );
  });
});
