import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEED } from '../test-support.js';
import {
  checkJoinOptions,
  MAX_OPTION_KEYS,
  type OptionSpec,
  optionInteger,
  optionString,
} from './join-options.js';

const spec: OptionSpec = { name: optionString(4), level: optionInteger(1, 3) };

describe('checkJoinOptions', () => {
  it('takes absent options, an empty object, and known keys with good values', () => {
    for (const options of [undefined, null, {}, Object.create(null), { name: 'abcd', level: 3 }]) {
      expect(checkJoinOptions(options, spec)).toBeUndefined();
    }
    expect(checkJoinOptions({ level: 1 }, spec)).toBeUndefined();
  });

  it('refuses what is not a plain object', () => {
    for (const options of [1, 'x', true, [1], []]) {
      expect(checkJoinOptions(options, spec)).toBe('join options must be an object');
    }
    expect(checkJoinOptions(new Date(0), spec)).toBe('join options must be a plain object');
  });

  it("refuses a key it does not take (Object's own names too), naming it cut short", () => {
    expect(checkJoinOptions({ hasOwnProperty: 1 }, spec)).toBe(
      'join option "hasOwnProperty" is not one this room takes',
    );
    expect(checkJoinOptions(JSON.parse('{"__proto__": {}}'), spec)).toBe(
      'join option "__proto__" is not one this room takes',
    );
    expect(checkJoinOptions({ ['k'.repeat(100)]: 1 }, {})).toBe(
      `join option "${'k'.repeat(39)}… is not one this room takes`,
    );
    expect(checkJoinOptions({ ['k'.repeat(38)]: 1 }, {})).toBe(
      `join option "${'k'.repeat(38)}" is not one this room takes`,
    );
  });

  it('refuses more than MAX_OPTION_KEYS keys before reading any', () => {
    const many = Object.fromEntries(
      Array.from({ length: MAX_OPTION_KEYS + 1 }, (_, i) => [`k${i}`, 1]),
    );
    expect(checkJoinOptions(many, {})).toBe(
      `join options may have at most ${MAX_OPTION_KEYS} keys, got ${MAX_OPTION_KEYS + 1}`,
    );
    const most = Object.fromEntries(
      Array.from({ length: MAX_OPTION_KEYS }, (_, i) => [`k${i}`, 1]),
    );
    const all = Object.fromEntries(Object.keys(most).map((key) => [key, optionInteger(1, 1)]));
    expect(checkJoinOptions(most, all)).toBeUndefined();
  });

  it("refuses a known key's bad value with its check's reason", () => {
    const name = 'join option "name" must be a string of at most 4 characters';
    expect(checkJoinOptions({ name: 'abcde' }, spec)).toBe(name);
    expect(checkJoinOptions({ name: 5 }, spec)).toBe(name);
    const level = 'join option "level" must be an integer from 1 to 3';
    for (const value of [0, 4, 1.5, '2', Number.NaN, { a: 1 }]) {
      expect(checkJoinOptions({ level: value }, spec)).toBe(level);
    }
  });

  it('property: any JSON value is refused or taken, never thrown on', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        const verdict = checkJoinOptions(value, spec);
        expect(verdict === undefined || typeof verdict === 'string').toBe(true);
      }),
      { seed: SEED, numRuns: 200 },
    );
  });
});
