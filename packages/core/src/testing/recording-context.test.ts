import { describe, expect, it } from 'vitest';
import { recordingContext } from './recording-context.js';

describe('recordingContext', () => {
  it('records every call with its arguments and every property set, in order', () => {
    const { ctx, calls } = recordingContext();
    ctx.fillStyle = '#f2c66d';
    ctx.fillRect(1, 2, 3, 4);
    ctx.beginPath();
    ctx.arc(5, 6, 7, 0, Math.PI * 2);
    ctx.globalAlpha = 0.25;
    ctx.fill();
    expect(calls).toEqual([
      ['fillStyle=', '#f2c66d'],
      ['fillRect', 1, 2, 3, 4],
      ['beginPath'],
      ['arc', 5, 6, 7, 0, Math.PI * 2],
      ['globalAlpha=', 0.25],
      ['fill'],
    ]);
  });

  it('keeps each context its own calls, and records calls under symbol names too', () => {
    const a = recordingContext();
    const b = recordingContext<{ draw(n: number): void; [Symbol.iterator]: () => void }>();
    a.ctx.save();
    b.ctx.draw(1);
    b.ctx[Symbol.iterator]();
    expect(a.calls).toEqual([['save']]);
    expect(b.calls).toEqual([['draw', 1], ['Symbol(Symbol.iterator)']]);
  });
});
