import RAPIER from '@dimforge/rapier3d-deterministic-compat';
import { beforeAll, expect, it } from 'vitest';
import { localMatch } from './match';
import { agreement } from './panel';

beforeAll(() => RAPIER.init());

it('plays local play as the page does: rollbacks over the link, then checksums that agree', () => {
  let now = 0;
  const local = localMatch({ latency: 100, jitter: 20, loss: 0.1, reorder: 0.1 }, () => now);
  expect(agreement(local.sessions)).toBe('pending');
  local.condition(150, 0.2); // the sliders, mid-match
  for (let t = 0; t < 240; t++) {
    now += 1000 / 60;
    local.pump();
    for (const [i, session] of local.sessions.entries()) {
      session.input[0] = ((t >> 4) + i) % 3 === 0 ? 4 : -4;
      session.update();
    }
  }
  expect(local.sessions[0]!.counts.rollbacks).toBeGreaterThan(0);
  expect(local.sessions[0]!.confirmed).toBeGreaterThan(100);
  expect(agreement(local.sessions)).toBe('agree');
});
