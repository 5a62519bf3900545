import { describe, expect, it } from 'vitest';
import { readParams } from './params';

describe('readParams', () => {
  it('plays locally with a conditioned link by default', () => {
    expect(readParams('')).toEqual({
      match: null,
      seat: 0,
      players: 2,
      latency: 80,
      loss: 0.05,
      computer: true,
    });
    expect(readParams('?match=')).toMatchObject({ match: null });
  });

  it('reads a match, a seat and a player count', () => {
    expect(readParams('?match=a1&seat=3&players=4')).toMatchObject({
      match: 'a1',
      seat: 3,
      players: 4,
    });
    expect(readParams('?latency=0&loss=50')).toMatchObject({ latency: 0, loss: 0.5 });
    expect(readParams('?computer=0')).toMatchObject({ computer: false });
    expect(readParams('?computer=1')).toMatchObject({ computer: true });
  });

  it('refuses what it cannot play, naming the parameter and the value', () => {
    expect(() => readParams('?players=5')).toThrow(
      '?players must be an integer from 2 to 4, got 5',
    );
    expect(() => readParams('?players=3&seat=3')).toThrow(
      '?seat must be an integer from 0 to 2, got 3',
    );
    expect(() => readParams('?latency=1.5')).toThrow(
      '?latency must be an integer from 0 to 300, got 1.5',
    );
    expect(() => readParams('?loss=-1')).toThrow(RangeError);
    expect(() => readParams('?computer=yes')).toThrow(
      '?computer must be an integer from 0 to 1, got yes',
    );
  });
});
