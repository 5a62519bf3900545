import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, resolveLimits } from './limits.js';

describe('resolveLimits', () => {
  it('fills in the defaults and keeps what it is given, undefined as a default', () => {
    expect(resolveLimits()).toEqual(DEFAULT_LIMITS);
    expect(DEFAULT_LIMITS).toEqual({
      reserveSeconds: 5,
      joinSeconds: 5,
      kickGraceSeconds: 1,
      logBurst: 20,
      logPerSecond: 1,
    });
    expect(
      resolveLimits({ joinSeconds: 0.1, kickGraceSeconds: 0, logPerSecond: undefined }),
    ).toEqual({ ...DEFAULT_LIMITS, joinSeconds: 0.1, kickGraceSeconds: 0 });
    expect(
      resolveLimits({ reserveSeconds: 86_400, logBurst: 1_000_000, logPerSecond: 0 }),
    ).toMatchObject({
      reserveSeconds: 86_400,
      logBurst: 1_000_000,
      logPerSecond: 0,
    });
  });

  it('names the limit and the value it refuses', () => {
    expect(() => resolveLimits({ joinSeconds: 0.09 }, 'room limits')).toThrow(
      new RangeError('room limits.joinSeconds must be a number from 0.1 to 86400, got 0.09'),
    );
    expect(() => resolveLimits({ reserveSeconds: 86_401 })).toThrow(
      'limits.reserveSeconds must be a number from 0.1 to 86400, got 86401',
    );
    expect(() => resolveLimits({ kickGraceSeconds: -1 })).toThrow('got -1');
    expect(() => resolveLimits({ logBurst: 0 })).toThrow('limits.logBurst must be a number from 1');
    expect(() => resolveLimits({ logPerSecond: Number.NaN })).toThrow('got NaN');
    expect(() => resolveLimits({ logBurst: '3' as unknown as number })).toThrow('got 3');
    expect(() => resolveLimits({ joinSecs: 1 } as never)).toThrow(
      new RangeError('limits has no limit named joinSecs'),
    );
  });
});
