import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STATE,
  formatNumber,
  parseFrames,
  parseState,
  serializeState,
  snapTimestep,
} from './url-state.js';

describe('the URL state', () => {
  it('writes nothing for the defaults and reads them back from nothing', () => {
    expect(serializeState({ ...DEFAULT_STATE })).toBe('');
    expect(parseState('')).toEqual(DEFAULT_STATE);
  });

  it('round-trips every setting', () => {
    const query =
      'lanes=fixed%2Cinterp&display=jitter&hz=144&jitter=3&speed=0.25&timestep=10&maxDelta=100' +
      '&maxSteps=5&maxFps=45&timeScale=0.5&cost=2&overflow=carry&paused=1&exp=cap&cap.cap=20';
    const state = parseState(`?${query}`);
    expect(state.lanes).toEqual(['fixed', 'interp']);
    expect(state).toMatchObject({ display: 'jitter', hz: 144, speed: 0.25, timestep: 10 });
    expect(state).toMatchObject({ overflow: 'carry', paused: true, exp: 'cap' });
    expect(state.expParams).toEqual({ 'cap.cap': 20 });
    expect(parseState(serializeState(state))).toEqual(state);
  });

  it('falls back to the default for anything it cannot read', () => {
    const state = parseState(
      '?hz=abc&maxSteps=2.5&timestep=-1&display=crt&overflow=keep&speed=0.5&cost=1e9&lanes=x,naive',
    );
    expect(state.hz).toBe(60);
    expect(parseState('?hz=100').hz).toBe(60);
    expect(parseState('?hz=75').hz).toBe(75);
    expect(state.maxSteps).toBe(10);
    expect(state.timestep).toBe(1000 / 60);
    expect(state.display).toBe('raf');
    expect(state.overflow).toBe('drop');
    expect(state.speed).toBe(1);
    expect(state.cost).toBe(0);
    expect(state.lanes).toEqual(['naive']);
  });

  it('snaps a rounded timestep to 1000/n', () => {
    expect(snapTimestep(16.6667)).toBe(1000 / 60);
    expect(snapTimestep(33.3333)).toBe(1000 / 30);
    expect(snapTimestep(16.7)).toBe(16.7);
    expect(parseState('?timestep=16.6667').timestep).toBe(1000 / 60);
    expect(formatNumber(1000 / 60)).toBe('16.6667');
  });

  it('reads ?frames=N as a whole number of frames, capped', () => {
    expect(parseFrames('?frames=601')).toBe(601);
    expect(parseFrames('?frames=-3')).toBe(0);
    expect(parseFrames('?frames=2.5')).toBe(0);
    expect(parseFrames('?frames=1e9')).toBe(100_000);
    expect(parseFrames('')).toBe(0);
  });
});
