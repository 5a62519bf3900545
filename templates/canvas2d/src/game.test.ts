import { describe, expect, it } from 'vitest';
import { describeMode } from './game';

describe('describeMode: what the HUD says of interpolation', () => {
  it('on: the switch pressed, the rate, and what switching it off shows', () => {
    const on = describeMode(true, 30);
    expect(on.label).toBe('Interpolation: on (I)');
    expect(on.pressed).toBe('true');
    expect(on.mode).toMatch(/^Simulation 30 Hz, drawn every frame between two steps\./);
    expect(on.mode).toContain('Switch interpolation off to see the stutter it removes.');
  });

  it('off: the switch not pressed, the rate, and why the picture stutters', () => {
    const off = describeMode(false, 20);
    expect(off.label).toBe('Interpolation: off (I)');
    expect(off.pressed).toBe('false');
    expect(off.mode).toBe(
      'Simulation 20 Hz, drawn as is: the picture moves only when a step runs, so it stutters.',
    );
  });
});
