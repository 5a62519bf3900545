import type { RollbackSession } from '@loop/net/rollback';
import { POSE_STRIDE, type RapierRollback } from '@loop/rapier/rollback';
import { describe, expect, it, vi } from 'vitest';
import { bodyOf, type World } from './game';
import { agreement, Panel, sliders } from './panel';

/**
 * The HUD in Node: the panel's figures and data- attributes, and the sliders, written into small
 * stand-ins for the page's elements (what panel.ts reads and writes of them, nothing more).
 */

/** What the panel reads of a session, with the values a test gives it. */
interface Figures {
  frame: number;
  confirmed: number;
  delay: number;
  predicted: number;
  rollbacks: number;
  resimulated: number;
  /** Ticks the sync test stepped again (development builds). */
  checked: number;
  /** Round trips by player, in ms; a player absent here is this page's own (`local`). */
  rtts: Record<number, number>;
  desync: unknown;
  sums: Record<number, number>;
}

/** A session as the panel reads it; `figures` can be changed between frames. */
function session(given: Partial<Figures> = {}): RollbackSession & { figures: Figures } {
  const figures: Figures = {
    frame: 0,
    confirmed: 0,
    delay: 0,
    predicted: 0,
    rollbacks: 0,
    resimulated: 0,
    checked: 0,
    rtts: {},
    desync: null,
    sums: {},
    ...given,
  };
  return {
    figures,
    get frame() {
      return figures.frame;
    },
    get confirmed() {
      return figures.confirmed;
    },
    get delay() {
      return figures.delay;
    },
    get predicted() {
      return figures.predicted;
    },
    get counts() {
      const { rollbacks, resimulated, checked } = figures;
      return { rollbacks, resimulated, checked };
    },
    get desync() {
      return figures.desync;
    },
    status: (p: number) => (p in figures.rtts ? 'playing' : 'local'),
    rtt: (p: number) => figures.rtts[p] ?? 0,
    checksum: (tick: number) => figures.sums[tick] ?? -1,
  } as unknown as RollbackSession & { figures: Figures };
}

/** A drawn game of `players` whose balls are at `xs` and whose players fell `falls` times. */
function drawn(players: number, xs: number[], falls: number[]): RapierRollback<World> {
  const poses = new Float64Array((1 + 2 * players) * POSE_STRIDE);
  for (let p = 0; p < players; p++) {
    poses[bodyOf.ball(p) * POSE_STRIDE] = xs[p]!;
    poses[bodyOf.ball(p) * POSE_STRIDE + 1] = 1; // on the platform
    poses[bodyOf.score(players, p) * POSE_STRIDE] = falls[p]!;
    poses[bodyOf.score(players, p) * POSE_STRIDE + 1] = -100;
  }
  return { poses } as unknown as RapierRollback<World>;
}

/** The panel's element: its text and its data- attributes. */
const element = () => ({ dataset: {} as Record<string, string>, textContent: '' });

describe('Panel', () => {
  it('shows the figures a player reads, and writes them as data- attributes', () => {
    const stats = element();
    const panel = new Panel(stats as unknown as HTMLElement, 2);
    const mine = session({
      frame: 120,
      confirmed: 110,
      delay: 2,
      predicted: 10,
      rollbacks: 6,
      resimulated: 40,
      rtts: { 1: 83.6 },
    });
    panel.show([mine], drawn(2, [-2.5, 1.25], [0, 3]), 1000);
    expect(stats.textContent.split('\n')).toEqual([
      'tick 120, confirmed 110',
      'delay 2, predicting 10 ticks',
      'rollbacks 6.0/s, ticks rolled back 40', // the first frame counts from none, over a second
      'checksums agree, link local',
      'P1 you, falls 0',
      'P2 ping 84 ms, falls 3',
    ]);
    expect(stats.dataset).toEqual({
      frame: '120',
      rollbacks: '6',
      resimulated: '40',
      checked: '0',
      agree: 'agree',
      route: 'local',
      x0: '-2.5',
      x1: '1.25',
    });
  });

  it('rewrites them four times a second at most, rollbacks as a rate since the last', () => {
    const stats = element();
    const panel = new Panel(stats as unknown as HTMLElement, 2);
    const mine = session({ frame: 60, confirmed: 50, rollbacks: 10, rtts: { 1: 40 } });
    const game = drawn(2, [0, 0], [0, 0]);
    panel.show([mine], game, 5000);
    const first = stats.textContent;
    Object.assign(mine.figures, { frame: 75, rollbacks: 13 });
    panel.show([mine], game, 5249.9);
    expect(stats.textContent).toBe(first);
    expect(stats.dataset.frame).toBe('60');
    panel.show([mine], game, 5250); // 250 ms on: 3 rollbacks in a quarter second
    expect(stats.textContent).toContain('tick 75, confirmed 50');
    expect(stats.textContent).toContain('rollbacks 12.0/s');
    expect(stats.dataset.frame).toBe('75');
    mine.figures.rollbacks = 14;
    panel.show([mine], game, 5750); // 1 more in half a second
    expect(stats.textContent).toContain('rollbacks 2.0/s');
  });

  it('says how many ticks the sync test stepped again, where it runs (a development build)', () => {
    const stats = element();
    const panel = new Panel(stats as unknown as HTMLElement, 2);
    const mine = session({ confirmed: 9, checked: 150, rtts: { 1: 10 } });
    panel.show([mine], drawn(2, [0, 0], [0, 0]), 0);
    expect(stats.textContent.split('\n')[4]).toBe('sync test: 150 ticks checked');
    expect(stats.dataset.checked).toBe('150');
  });

  it('names how each other page is reached online, and every player of the match', () => {
    const stats = element();
    const panel = new Panel(stats as unknown as HTMLElement, 3, () => 'direct relay');
    const mine = session({ confirmed: 0, rtts: { 0: 20.2, 2: 119.5 } });
    panel.show([mine], drawn(3, [1, 2, 3], [4, 0, 2]), 0);
    const lines = stats.textContent.split('\n');
    expect(lines.slice(3)).toEqual([
      'checksums pending, link direct relay',
      'P1 ping 20 ms, falls 4',
      'P2 you, falls 0',
      'P3 ping 120 ms, falls 2',
    ]);
    expect(stats.dataset).toMatchObject({ agree: 'pending', route: 'direct relay' });
    expect([stats.dataset.x0, stats.dataset.x1, stats.dataset.x2]).toEqual(['1', '2', '3']);
  });
});

describe('agreement: the checksums line', () => {
  it('is pending until one session confirms a tick, then agree (online: the session compares)', () => {
    expect(agreement([session({ confirmed: 0 })])).toBe('pending');
    expect(agreement([session({ confirmed: 1 })])).toBe('agree');
  });

  it('says DESYNC as soon as any session found one', () => {
    expect(agreement([session({ confirmed: 5, desync: { tick: 3 } })])).toBe('DESYNC');
    const sums = { 9: 5 };
    expect(
      agreement([session({ confirmed: 10, sums }), session({ confirmed: 10, sums, desync: {} })]),
    ).toBe('DESYNC');
  });

  it('compares the latest tick both confirmed, from tick 0 on', () => {
    expect(agreement([session(), session({ confirmed: 3, sums: { 2: 1 } })])).toBe('pending');
    const a = session({ confirmed: 1, sums: { 0: 7 } });
    expect(agreement([a, session({ confirmed: 4, sums: { 0: 7 } })])).toBe('agree');
    expect(agreement([a, session({ confirmed: 4, sums: { 0: 8 } })])).toBe('DESYNC');
    // The later session's own latest tick is not the one compared.
    const b = session({ confirmed: 6, sums: { 0: 7, 5: 1 } });
    expect(agreement([a, b])).toBe('agree');
    expect(agreement([b, a])).toBe('agree');
  });

  it('waits while one no longer holds the tick (far ahead after a stall), whichever it is', () => {
    const ahead = session({ confirmed: 300, sums: { 299: 5 } });
    const behind = session({ confirmed: 84, sums: { 83: 5 } });
    expect(agreement([ahead, behind])).toBe('pending');
    expect(agreement([behind, ahead])).toBe('pending');
  });
});

/** A range input in its label, its value shown in the span after it, its listeners kept. */
function slider(row: { hidden: boolean }) {
  const listeners = new Map<string, Set<() => void>>();
  return {
    value: '',
    parentElement: { parentElement: row },
    nextElementSibling: { textContent: '' },
    addEventListener(type: string, listener: () => void) {
      listeners.set(type, (listeners.get(type) ?? new Set()).add(listener));
    },
    removeEventListener(type: string, listener: () => void) {
      listeners.get(type)?.delete(listener);
    },
    /** A player moves it to `value`. */
    move(value: number) {
      this.value = String(value);
      for (const listener of listeners.get('input') ?? []) listener();
    },
  };
}

/** The HUD as sliders() reads it: the two inputs by id, in one row, and its data- attributes. */
function hud() {
  const row = { hidden: false };
  const inputs: Record<string, ReturnType<typeof slider>> = {
    '#latency': slider(row),
    '#loss': slider(row),
  };
  const element = {
    dataset: {} as Record<string, string>,
    querySelector: (selector: string) => inputs[selector] ?? null,
  };
  return {
    row,
    latency: inputs['#latency']!,
    loss: inputs['#loss']!,
    element,
    hud: element as unknown as HTMLElement,
  };
}

describe('sliders: latency and loss of local play', () => {
  it('start at the URL’s values, shown beside them and on the HUD, and handed on', () => {
    const page = hud();
    const change = vi.fn();
    sliders(page.hud, 80, 0.05, change);
    expect([page.latency.value, page.loss.value]).toEqual(['80', '5']);
    expect(page.latency.nextElementSibling.textContent).toBe('80');
    expect(page.loss.nextElementSibling.textContent).toBe('5');
    expect(page.element.dataset).toEqual({ latency: '80', loss: '5' });
    expect(change.mock.calls).toEqual([[80, 0.05]]);
    expect(page.row.hidden).toBe(false);
  });

  it('hand on each move, loss as a fraction, until their listeners are removed', () => {
    const page = hud();
    const change = vi.fn();
    const remove = sliders(page.hud, 0, 0.5, change);
    page.latency.move(150);
    page.loss.move(20);
    expect(change.mock.calls).toEqual([
      [0, 0.5],
      [150, 0.5],
      [150, 0.2],
    ]);
    expect(page.latency.nextElementSibling.textContent).toBe('150');
    expect(page.loss.nextElementSibling.textContent).toBe('20');
    expect(page.element.dataset).toEqual({ latency: '150', loss: '20' });
    remove();
    page.latency.move(300);
    expect(change).toHaveBeenCalledTimes(3);
    expect(page.element.dataset.latency).toBe('150');
  });

  it('are hidden online, where the network is real: nothing set, nothing handed on', () => {
    for (const [latency, loss] of [
      [null, null],
      [null, 0.05],
      [80, null],
    ] as const) {
      const page = hud();
      const change = vi.fn();
      const remove = sliders(page.hud, latency, loss, change);
      expect(page.row.hidden).toBe(true);
      expect(page.latency.value).toBe('');
      expect(page.element.dataset).toEqual({});
      remove();
      page.latency.move(100);
      expect(change).not.toHaveBeenCalled();
    }
  });
});
