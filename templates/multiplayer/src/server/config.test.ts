import { DEFAULT_LIMITS } from '@loop/net/server';
import { describe, expect, it, vi } from 'vitest';
import { TICK_RATE } from '../shared/arena';
import { arenaRoom } from './arena-room';
import { type ArenaConfig, resolveConfig } from './config';

/** The RangeError resolveConfig throws for `config`. */
function refusal(config: ArenaConfig): string {
  try {
    resolveConfig(config);
  } catch (error) {
    expect(error).toBeInstanceOf(RangeError);
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(config)}`);
}

describe('resolveConfig', () => {
  it('fills in every default, and keeps what it is given', () => {
    const { now, log, ...rest } = resolveConfig({});
    expect(rest).toEqual({
      snapshotRate: 20,
      reconnectSeconds: 5,
      recordSeconds: 60,
      seed: 1,
      scheduler: 'timer',
      limits: DEFAULT_LIMITS,
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    log('a line');
    expect(warn).toHaveBeenCalledExactlyOnceWith('a line');
    warn.mockRestore();
    const before = performance.now();
    const read = now();
    expect(read).toBeGreaterThanOrEqual(before);
    expect(read).toBeLessThanOrEqual(performance.now());
    const clock = () => 42;
    const write = () => {};
    const given = { snapshotRate: 30, reconnectSeconds: 0, recordSeconds: 0, seed: -7 };
    expect(
      resolveConfig({
        ...given,
        scheduler: 'manual',
        now: clock,
        log: write,
        limits: { joinSeconds: 2 },
      }),
    ).toEqual({
      ...given,
      scheduler: 'manual',
      now: clock,
      log: write,
      limits: { ...DEFAULT_LIMITS, joinSeconds: 2 },
    });
  });

  it('takes each range to its ends', () => {
    for (const snapshotRate of [1, TICK_RATE]) {
      expect(resolveConfig({ snapshotRate }).snapshotRate).toBe(snapshotRate);
    }
    for (const reconnectSeconds of [0, 600]) {
      expect(resolveConfig({ reconnectSeconds }).reconnectSeconds).toBe(reconnectSeconds);
    }
    for (const recordSeconds of [0, 3600]) {
      expect(resolveConfig({ recordSeconds }).recordSeconds).toBe(recordSeconds);
    }
  });

  it('names the setting and the value it refuses', () => {
    const rate = (v: string) => `arena snapshotRate must be a number from 1 to 60, got ${v}`;
    expect(refusal({ snapshotRate: 0.99 })).toBe(rate('0.99'));
    expect(refusal({ snapshotRate: 60.5 })).toBe(rate('60.5'));
    expect(refusal({ snapshotRate: Number.NaN })).toBe(rate('NaN'));
    expect(refusal({ snapshotRate: '20' as unknown as number })).toBe(rate('20'));
    const reconnect = (v: string) =>
      `arena reconnectSeconds must be a number from 0 to 600, got ${v}`;
    expect(refusal({ reconnectSeconds: -0.5 })).toBe(reconnect('-0.5'));
    expect(refusal({ reconnectSeconds: 600.5 })).toBe(reconnect('600.5'));
    expect(refusal({ reconnectSeconds: '5' as unknown as number })).toBe(reconnect('5'));
    const record = (v: string) => `arena recordSeconds must be a number from 0 to 3600, got ${v}`;
    expect(refusal({ recordSeconds: -1 })).toBe(record('-1'));
    expect(refusal({ recordSeconds: 3600.5 })).toBe(record('3600.5'));
    expect(refusal({ recordSeconds: '60' as unknown as number })).toBe(record('60'));
    expect(refusal({ seed: 1.5 })).toBe('arena seed must be an integer, got 1.5');
    expect(refusal({ scheduler: 'fast' as 'timer' })).toBe(
      "arena scheduler must be 'timer' or 'manual', got fast",
    );
    expect(refusal({ limits: { joinSeconds: 0 } })).toBe(
      'arena limits.joinSeconds must be a number from 0.1 to 86400, got 0',
    );
  });

  it('is checked when the server defines the room, not when a client joins', () => {
    expect(() => arenaRoom({ reconnectSeconds: -1 })).toThrow(RangeError);
  });
});
