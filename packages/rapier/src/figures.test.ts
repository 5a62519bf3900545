import { describe, expect, it } from 'vitest';
import {
  type FigureSource,
  FiguresInbox,
  figuresText,
  type PhysicsFigures,
  physicsFigures,
} from './figures.js';
import { Poses } from './poses.js';

/** A game of `boxes` boxes and a ball as the figures see it, nothing run yet. */
function gameOf(boxes: number) {
  return {
    steps: 0,
    stepMsTotal: 0,
    poses: new Poses(boxes + 1),
    movingPeak: 0,
    replays: { keyframeMs: 4.5, keyframeBytes: 123_456 },
  } satisfies FigureSource;
}

/** Figures as a report of the worker would carry them, `moving` bodies in motion. */
function report(moving: number, stepMs = 1): PhysicsFigures {
  return { bodies: 81, awake: 40, moving, stepMs, keyframeMs: 3, keyframeBytes: 400_000 };
}

describe('physicsFigures', () => {
  it('averages Rapier’s step time over the steps since the last reading, and keeps it when none ran', () => {
    const game = gameOf(3);
    const read = physicsFigures(game);
    const out = report(0, -1);
    read(out);
    expect(out.stepMs).toBe(-1); // no step yet: nothing to average, the old figure stays
    game.steps = 4;
    game.stepMsTotal = 10;
    expect(read(out).stepMs).toBe(2.5);
    expect(read(out).stepMs).toBe(2.5);
    game.steps = 6;
    game.stepMsTotal = 17;
    expect(read(out).stepMs).toBe(3.5); // (17 − 10) ms over the 2 steps since
  });

  it('reads the bodies, the awake ones, the keyframes’ cost and the moving peak, which it resets', () => {
    const game = gameOf(3);
    const read = physicsFigures(game);
    game.poses.active = 2;
    game.movingPeak = 3;
    const out = read(report(0));
    expect(out).toMatchObject({ bodies: 4, awake: 2, moving: 3 });
    expect(out.keyframeMs).toBe(game.replays.keyframeMs);
    expect(out.keyframeBytes).toBe(game.replays.keyframeBytes);
    expect(game.movingPeak).toBe(0);
    expect(read(out).moving).toBe(0);
  });
});

describe('FiguresInbox', () => {
  it('shows the bodies and nothing measured before the first report', () => {
    expect(new FiguresInbox(1001).read()).toEqual({
      bodies: 1001,
      awake: 0,
      moving: 0,
      stepMs: 0,
      keyframeMs: 0,
      keyframeBytes: 0,
    });
  });

  it('shows the newest report with the highest moving peak of the reports since the last reading', () => {
    const inbox = new FiguresInbox(81);
    inbox.receive(report(64, 1));
    inbox.receive(report(5, 2)); // the fall the first report saw is not lost
    expect(inbox.read()).toEqual(report(64, 2));
    inbox.receive(report(3));
    expect(inbox.read().moving).toBe(3); // read since: a new peak starts
    inbox.receive(report(7));
    inbox.receive(report(9));
    expect(inbox.read().moving).toBe(9);
  });
});

describe('figuresText', () => {
  it('says where the simulation runs, the ticks per second, the bodies, the step and the keyframes', () => {
    const f = { ...report(12), stepMs: 1.234, keyframeMs: 4.56, keyframeBytes: 3_460_000 };
    expect(figuresText('main thread', 59.96, f, 2)).toBe(
      'simulation main thread\n' +
        'ticks/s    60.0\n' +
        'bodies     81 (40 awake, 12 moving)\n' +
        'physics    1.23 ms / step\n' +
        'keyframe   4.6 ms, 3.5 MB / 2 s',
    );
  });

  it('adds how the worker’s snapshots fared in worker mode', () => {
    const text = figuresText('worker (shared)', 60, report(0), 2, { late: 2, reused: 5 });
    expect(text.split('\n')).toEqual([
      'simulation worker (shared)',
      'ticks/s    60.0',
      'bodies     81 (40 awake, 0 moving)',
      'physics    1.00 ms / step',
      'keyframe   3.0 ms, 0.4 MB / 2 s',
      'snapshots  2 late, 5 reused',
    ]);
  });
});
