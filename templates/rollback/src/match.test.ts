import RAPIER from '@dimforge/rapier3d-deterministic-compat';
import { createSignalServer, type SignalServer } from '@loop/net/p2p-server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { TIMESTEP } from './game';
import { localMatch, onlineMatch } from './match';
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

describe('the sliders of local play', () => {
  it('set the latency both ways from then on: the ping follows it', () => {
    const local = localMatch({ latency: 0, jitter: 0, loss: 0, reorder: 0 });
    const play = (ticks: number) => {
      for (let t = 0; t < ticks; t++) {
        local.pump();
        for (const session of local.sessions) session.update();
      }
    };
    play(120);
    expect(local.sessions[0]!.rtt(1)).toBeLessThan(60);
    local.condition(200, 0);
    play(240);
    expect(local.sessions[0]!.rtt(1)).toBeGreaterThan(350);
    expect(local.sessions[1]!.rtt(0)).toBeGreaterThan(350);
    expect(agreement(local.sessions)).toBe('agree');
  });
});

describe('online play', () => {
  let server: SignalServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('seats three pages through the signaling server, plays them to equal checksums, and leaves', async () => {
    // The flood guard reads the match's clock, a tick a turn: the turns come as fast as the
    // machine runs them, far faster than a real match's frames (a slow run was kicked).
    let clock = 0;
    server = await createSignalServer({ port: 0, seats: 4, now: () => clock });
    const url = `ws://127.0.0.1:${server.port}`;
    // Node has no WebRTC: every link goes through the server's relay.
    const options = { relay: 'always', WebSocket: WebSocket as never } as const;
    const pages = await Promise.all(
      [0, 1, 2].map((seat) => onlineMatch(url, 'm1', seat, 3, options)),
    );
    for (const [seat, page] of pages.entries()) {
      expect(page.routes()).toBe('relay relay');
      expect([0, 1, 2].map((p) => page.session.status(p))).toEqual(
        [0, 1, 2].map((p) => (p === seat ? 'local' : 'playing')),
      );
      expect(page.game.poses).toHaveLength((1 + 2 * 3) * 7); // three balls, three counts
    }
    const least = () => Math.min(...pages.map((page) => page.session.confirmed));
    for (let turn = 0; turn < 3000 && least() < 90; turn++) {
      clock = turn * TIMESTEP;
      for (const [seat, page] of pages.entries()) {
        page.session.input[0] = (turn >> 4) % 3 === seat ? 4 : -4;
        page.session.update();
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(least()).toBeGreaterThanOrEqual(90);
    const sums = pages.map((page) => page.session.checksum(80));
    expect(sums[0]).not.toBe(-1);
    expect(sums).toEqual([sums[0], sums[0], sums[0]]);
    pages[0]!.close();
    expect(pages[0]!.routes()).toBe('closed closed');
    await vi.waitFor(() => expect(pages[1]!.routes()).toBe('closed relay'));
    for (const page of pages.slice(1)) page.close();
  });
});
