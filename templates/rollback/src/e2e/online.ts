import { expect } from 'vitest';

/**
 * Two pages playing one online match, whatever drives them: Playwright's Chromium pages and
 * puppeteer's Firefox pages alike, through a {@link Seat} each. The pages press keys in turns
 * (every direction, never in step) while each one's checksums of confirmed ticks are read as it
 * goes (a page holds its last 128); then both confirm past the end, and every tick both read
 * must have the same checksum on both.
 */

/** What the match needs of one page (each test wraps its driver's page in one). */
export interface Seat {
  /** The panel's figure `name` (a data- attribute of #stats), as text. */
  figure(name: string): Promise<string>;
  /** Every confirmed tick's checksum the page holds now, as [tick, checksum]. */
  checksums(): Promise<[number, number][]>;
  /** The page's confirmed tick. */
  confirmed(): Promise<number>;
  down(key: string): Promise<void>;
  up(key: string): Promise<void>;
}

/** What main.ts exposes, read-only, of the page's session: window.rollback. */
interface Hook {
  confirmed(): number;
  checksum(tick: number): number;
}

/** In the page: the panel's figure `key`. */
export const readFigure = (key: string) =>
  document.querySelector<HTMLElement>('#stats')?.dataset[key] ?? '';

/** In the page: its confirmed tick. */
export const readConfirmed = () => (window as unknown as { rollback: Hook }).rollback.confirmed();

/** In the page: every confirmed tick's checksum its session holds (the last 128), by tick. */
export const readChecksums = () => {
  const hook = (window as unknown as { rollback: Hook }).rollback;
  const held: [number, number][] = [];
  const confirmed = hook.confirmed();
  for (let tick = Math.max(0, confirmed - 256); tick <= confirmed; tick++) {
    const sum = hook.checksum(tick);
    if (sum !== -1) held.push([tick, sum]);
  }
  return held;
};

/** Keys each seat holds, a round each: every direction, and the two pages never in step. */
const ROUNDS = [
  ['KeyD', 'KeyA'],
  ['KeyS', 'KeyW'],
  ['KeyA', 'KeyS'],
  ['KeyW', 'KeyD'],
  ['KeyD', 'KeyS'],
] as const;

/** Longest wait for what a healthy page does by itself; nothing here measures speed. */
export const WAIT_MS = 120_000;

const number = async (seat: Seat, name: string) => Number(await seat.figure(name));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until both pages play (past a second of ticks) and seat 1's key moves its ball on seat 0's page. */
export async function bothPlaying(a: Seat, b: Seat): Promise<void> {
  for (const seat of [a, b]) {
    await expect.poll(() => number(seat, 'frame'), { timeout: WAIT_MS }).toBeGreaterThan(60);
    await expect.poll(() => number(seat, 'x0'), { timeout: WAIT_MS }).not.toBeNaN();
  }
  const x1 = await number(b, 'x1');
  await b.down('KeyA'); // seat 1 plays on WASD too: to -x
  await expect.poll(() => number(a, 'x1'), { timeout: WAIT_MS }).toBeLessThan(x1 - 0.5);
  await b.up('KeyA');
}

/**
 * Plays `ticks` more ticks with both seats pressing keys, reading checksums as it goes; once
 * both pages have confirmed past the end, returns the ticks both read and those whose
 * checksums differ (none, for a deterministic game).
 */
export async function playOnline(a: Seat, b: Seat, ticks: number) {
  const seen = [new Map<number, number>(), new Map<number, number>()];
  const collect = async () => {
    for (const [i, seat] of [a, b].entries()) {
      for (const [tick, sum] of await seat.checksums()) seen[i]!.set(tick, sum);
    }
  };
  const end = (await number(a, 'frame')) + ticks;
  for (let round = 0; Math.min(await number(a, 'frame'), await number(b, 'frame')) < end; round++) {
    const keys = ROUNDS[round % ROUNDS.length]!;
    await a.down(keys[0]);
    await b.down(keys[1]);
    await pause(500);
    await a.up(keys[0]);
    await b.up(keys[1]);
    await collect();
  }
  for (const seat of [a, b]) {
    await expect.poll(() => seat.confirmed(), { timeout: WAIT_MS }).toBeGreaterThan(end);
  }
  await collect();
  const shared = [...seen[0]!.keys()].filter((tick) => seen[1]!.has(tick));
  const differ = shared.filter((tick) => seen[0]!.get(tick) !== seen[1]!.get(tick));
  return { shared, differ };
}
