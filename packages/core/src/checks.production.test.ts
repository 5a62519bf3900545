import { describe, expect, it } from 'vitest';
import * as development from './checks.js';
import * as production from './checks.production.js';
import { DEFAULTS } from './options.js';

describe('checks.production: the defaults, and nothing checked', () => {
  it('has every function of the development checks, so it can stand in for them', () => {
    const wanted = Object.keys(development).filter((name) => name !== 'show');
    expect(Object.keys(production).sort()).toEqual(wanted.sort());
  });

  it('resolves no options to the defaults, as the development build does', () => {
    expect(production.resolveOptions({})).toEqual(DEFAULTS);
    expect(production.resolveOptions({})).toEqual(development.resolveOptions({}));
    expect(production.checkOptions(undefined)).toEqual({});
    expect(production.checkOptions(null)).toEqual({});
    expect(production.checkTimestep()).toBe(DEFAULTS.timestep);
    expect(production.checkMaxDelta()).toBe(DEFAULTS.maxDelta);
    expect(production.checkMaxSteps()).toBe(DEFAULTS.maxSteps);
  });

  it('passes given options through as they are', () => {
    const given = {
      mode: 'semi-fixed',
      timestep: 20,
      maxDelta: 100,
      maxSteps: 3,
      overflow: 'carry',
      maxFps: 30,
      timeScale: 0.5,
    } as const;
    expect(production.resolveOptions(given)).toEqual(given);
    expect(production.resolveOptions(given)).toEqual(development.resolveOptions(given));
    const update = () => {};
    expect(production.checkFunction('update', update)).toBe(update);
    expect(production.checkOptions(given)).toBe(given);
  });

  it('throws for nothing the development build rejects', () => {
    expect(() => development.checkTimestep(-1)).toThrow(RangeError);
    expect(production.checkTimestep(-1)).toBe(-1);
    expect(production.checkMaxDelta(0)).toBe(0);
    expect(production.checkMaxSteps(1.5)).toBe(1.5);
    expect(production.checkTimeScale(-2)).toBe(-2);
    expect(production.checkMaxFps('30')).toBe('30');
    expect(production.checkFunction('render', undefined)).toBeUndefined();
    expect(() => production.resolveOptions({ mode: 'bogus' as never })).not.toThrow();
  });

  it('applies the overflow default and trusts the timeslice timestep', () => {
    expect(production.checkOverflow()).toBe('drop');
    expect(development.checkOverflow()).toBe('drop');
    expect(production.checkOverflow('keep')).toBe('keep');
    expect(() => development.checkOverflow('keep')).toThrow(/overflow.*"keep"/);
    expect(() => production.checkTimeslice(16.5)).not.toThrow();
    expect(() => development.checkTimeslice(16.5)).toThrow(/whole number/);
  });

  it('keeps short messages for misuse, the long ones in development', () => {
    expect(production.reentrantFrame().message).toBe('loop.frame() inside its hook');
    expect(production.disposedStart().message).toBe('loop.start() after dispose()');
    expect(development.reentrantFrame().message).toMatch(/inside its own hook: refused/);
    expect(development.disposedStart().message).toMatch(/make a new loop/);
    expect(production.workerFailedStart().message).toBe('worker loop failed to start');
    expect(development.workerFailedStart().message).toMatch(/failed to start \(see onError\)/);
  });
});
