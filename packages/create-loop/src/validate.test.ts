import { describe, expect, it } from 'vitest';
import { FALLBACK_PACKAGE_NAME, isValidPackageName, toValidPackageName } from './validate.js';

describe('isValidPackageName', () => {
  it.each(['my-game', 'game2', '@me/game', '@loop/core', '@a-b.c_d/game', 'a.b_c-d', 'x'])(
    'accepts %s',
    (name) => {
      expect(isValidPackageName(name)).toBe(true);
    },
  );

  it.each([
    'My-Game',
    'my game',
    '.hidden',
    '_under',
    '',
    'a/b',
    'é',
    '~tilde',
    'a*b',
    'node_modules',
    'favicon.ico',
    '@_me/game',
    '@.me/game',
    '@m!e/game',
    'http',
    'fs',
    'a'.repeat(215),
  ])('refuses %j', (name) => {
    expect(isValidPackageName(name)).toBe(false);
  });
});

describe('toValidPackageName', () => {
  it.each([
    ['my-game', 'my-game'],
    ['My Game', 'my-game'],
    ['  My   Game!  ', 'my-game'],
    ['Jeu été', 'jeu-ete'],
    ['.hidden', 'hidden'],
    ['__proto__', 'proto'],
    ['--Weird--', 'weird'],
    ['--still-valid--', '--still-valid--'],
    ['a//b\\c', 'a-b-c'],
    ['v1.2.3', 'v1.2.3'],
    ['Game.', 'game'],
    ['~tilde*(star)', 'tilde-star'],
    ['ゲーム', FALLBACK_PACKAGE_NAME],
    ['🎮', FALLBACK_PACKAGE_NAME],
    ['', FALLBACK_PACKAGE_NAME],
    ['HTTP', 'http-game'],
    ['node_modules', 'node_modules-game'],
    [' --still-valid-- ', '--still-valid--'],
    ['a - b', 'a-b'],
    ['My  Game!!', 'my-game'],
    ['-.-Game._-', 'game'],
    ['._Hidden Game', 'hidden-game'],
  ])('%j -> %j', (input, expected) => {
    expect(toValidPackageName(input)).toBe(expected);
    expect(isValidPackageName(toValidPackageName(input))).toBe(true);
  });

  it('cuts names to npm’s 214 characters, then drops the dots and dashes left at the end', () => {
    expect(toValidPackageName(`${'A'.repeat(212)}-.-b`)).toBe('a'.repeat(212));
  });

  it('cuts names to npm’s 214 characters without a trailing dash', () => {
    const name = toValidPackageName(`${'a'.repeat(213)} b`);
    expect(name.length).toBeLessThanOrEqual(214);
    expect(isValidPackageName(name)).toBe(true);
  });

  it('always yields a valid name, whatever the input', () => {
    const samples = [
      'A B C',
      '...',
      '-',
      '~tilde',
      'Ünïcödé Ñame',
      'tab\tname',
      'a'.repeat(300),
      'crypto',
    ];
    for (const sample of samples) expect(isValidPackageName(toValidPackageName(sample))).toBe(true);
  });
});
