import type { Loop } from '@loop/core';
import type { WorkerLoop } from '@loop/core/worker';
import { describe, expect, it } from 'vitest';
import { noFigures } from './figures.js';
import { overlayLines } from './overlay-lines.js';

describe('overlayLines', () => {
  it('says the main thread, and the ticks per second between two readings', () => {
    const loop = { tick: 0 } as Loop;
    let time = 1000;
    const lines = overlayLines(
      loop,
      () => noFigures(5),
      2,
      () => time,
    );
    expect(lines().split('\n').slice(0, 2)).toEqual(['simulation main thread', 'ticks/s    0.0']);
    (loop as { tick: number }).tick = 30;
    time = 1500;
    expect(lines().split('\n').slice(0, 3)).toEqual([
      'simulation main thread',
      'ticks/s    60.0',
      'bodies     5 (0 awake, 0 moving)',
    ]);
  });

  it('says the worker and its transport, and how its snapshots fared', () => {
    const loop = { tick: 0, health: { transport: 'shared', late: 1, reused: 4 } };
    const lines = overlayLines(
      loop as unknown as WorkerLoop,
      () => noFigures(1),
      2,
      () => 0,
    );
    const text = lines().split('\n');
    expect(text[0]).toBe('simulation worker (shared)');
    expect(text.at(-1)).toBe('snapshots  1 late, 4 reused');
  });

  it('refuses figures that are not a function, naming them', () => {
    expect(() => overlayLines({ tick: 0 } as Loop, undefined as never, 2)).toThrow(
      new RangeError('overlayLines figures must be a function, got undefined'),
    );
  });
});
