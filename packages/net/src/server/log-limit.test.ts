import { describe, expect, it } from 'vitest';
import { LogLimit } from './log-limit.js';

describe('LogLimit', () => {
  it('writes a burst, then perSecond on its clock, telling how many it left out', () => {
    const t = { now: 1000 };
    const lines: string[] = [];
    const log = new LogLimit(
      2,
      2,
      (line) => lines.push(line),
      () => t.now,
    );
    expect([log.line('a'), log.line('b'), log.line('c'), log.line('d')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(log.suppressed).toBe(2);
    t.now += 499; // 0.998 of a line
    expect(log.line('e')).toBe(false);
    t.now += 1;
    expect(log.line('f')).toBe(true);
    expect(log.suppressed).toBe(0);
    t.now += 500;
    log.line('g');
    expect(lines).toEqual(['a', 'b', 'f (and 3 lines left out before it)', 'g']);
  });

  it('never saves more than its burst, and a clock that goes back adds nothing', () => {
    const t = { now: 0 };
    const lines: string[] = [];
    const log = new LogLimit(
      1,
      1,
      (line) => lines.push(line),
      () => t.now,
    );
    t.now = 60_000;
    log.line('a');
    expect(log.line('b')).toBe(false);
    t.now = 0;
    expect(log.line('c')).toBe(false);
    t.now = 999; // a second from where it went back to is at 1000
    expect(log.line('d')).toBe(false);
    t.now = 1000;
    expect(log.line('e')).toBe(true);
    expect(lines).toEqual(['a', 'e (and 3 lines left out before it)']);
  });
});
