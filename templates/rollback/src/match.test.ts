import RAPIER from '@dimforge/rapier3d-deterministic-compat';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { localMatch } from './match';
import { agreement } from './panel';

beforeAll(() => RAPIER.init());

it('plays local play as the page does: rollbacks over the link, then checksums that agree', () => {
  const local = localMatch({ latency: 100, jitter: 20, loss: 0.1, reorder: 0.1 });
  expect(agreement(local.sessions)).toBe('pending');
  local.condition(150, 0.2); // the sliders, mid-match
  for (let t = 0; t < 240; t++) {
    local.pump();
    for (const [i, session] of local.sessions.entries()) {
      session.input[0] = ((t >> 4) + i) % 3 === 0 ? 4 : -4;
      session.update();
    }
  }
  expect(local.sessions[0]!.counts.rollbacks).toBeGreaterThan(0);
  expect(local.sessions[0]!.confirmed).toBeGreaterThan(100);
  expect(agreement(local.sessions)).toBe('agree');
  // Vitest, as `npm run dev`, resolves @loop/net/rollback's development build: each session
  // steps every tick again and compares (the sync test), with no option given in match.ts.
  for (const session of local.sessions) expect(session.counts.checked).toBeGreaterThan(150);
});

describe('a page that stalls', () => {
  afterEach(() => vi.useRealTimers());

  it('drops no player: local play runs on its own clock, one timestep a pump', () => {
    vi.useFakeTimers({ toFake: ['performance', 'Date'] });
    const local = localMatch({ latency: 80, jitter: 20, loss: 0.05, reorder: 0.1 });
    for (let t = 0; t < 600; t++) {
      if (t === 200) vi.advanceTimersByTime(10_000); // a hidden tab, or a busy machine
      local.pump();
      for (const session of local.sessions) {
        session.input[0] = t & 64 ? 4 : -4;
        session.update();
      }
    }
    for (const [i, session] of local.sessions.entries()) {
      expect(session.status(1 - i)).toBe('playing');
      expect(session.frame).toBeGreaterThan(550);
    }
    expect(agreement(local.sessions)).toBe('agree');
  });
});

describe('agreement', () => {
  /** Sessions as the panel reads them: confirmed ticks and the checksums each still holds. */
  const session = (confirmed: number, sums: Record<number, number>) =>
    ({ desync: null, confirmed, checksum: (tick: number) => sums[tick] ?? -1 }) as never;

  it('compares the latest tick both confirmed, and says DESYNC where they differ', () => {
    expect(agreement([session(10, { 9: 5 }), session(12, { 9: 5 })])).toBe('agree');
    expect(agreement([session(10, { 9: 5 }), session(12, { 9: 6 })])).toBe('DESYNC');
  });

  it('waits, not DESYNC, while one no longer holds that tick (far ahead after a stall)', () => {
    expect(agreement([session(300, { 299: 5 }), session(84, { 83: 5 })])).toBe('pending');
  });
});
