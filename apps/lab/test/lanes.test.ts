import { describe, expect, it } from 'vitest';
import { close, figures, type LaneFigures, open, useLab, WAIT } from './harness.js';

/**
 * The lanes in the built lab: they animate, and the display clock moves their figures the way
 * the articles predict.
 */

useLab();

const LANES = [
  'naive',
  'variable',
  'semifixed',
  'fixed',
  'interp',
  'extrap',
  'timeslice',
  'capped',
];

/** Figures after ten seconds of a simulated display at `hz` (frames 0 to 10 s inclusive). */
async function tenSecondsAt(hz: number): Promise<Record<string, LaneFigures>> {
  const opened = await open(`?display=hz&hz=${hz}&frames=${hz * 10 + 1}&paused=1`);
  const result = await figures(opened.page);
  await close(opened);
  return result;
}

describe('the lanes', () => {
  it('each lane animates on a simulated display and on the real one', async () => {
    for (const query of ['?display=hz&hz=60', '?display=raf']) {
      const opened = await open(query);
      await opened.page.waitForFunction(
        () => {
          const rows = [...document.querySelectorAll<HTMLElement>('#figures tbody tr')];
          return rows.length === 8 && rows.every((row) => Number(row.dataset.rendered) > 20);
        },
        undefined,
        { ...WAIT, polling: 200 },
      );
      const lanes = await figures(opened.page);
      expect(Object.keys(lanes)).toEqual(LANES);
      // The stats overlay the gallery's site test waits for counts rendered frames too.
      await opened.page.waitForFunction(
        () =>
          Number(document.querySelector('[data-loop-stats]')?.getAttribute('data-rendered')) > 0,
        undefined,
        { ...WAIT, polling: 200 },
      );
      for (const id of LANES) expect(lanes[id]!.ticks, id).toBeGreaterThan(0);
      await close(opened);
    }
  });

  it('a faster display makes the naive fixed step cover more distance per second', async () => {
    const at60 = await tenSecondsAt(60);
    const at144 = await tenSecondsAt(144);
    expect(at144.naive!.speed).toBeGreaterThan(at60.naive!.speed * 2);
    expect(at60.interp!.speed).toBeCloseTo(2, 6);
    expect(at144.interp!.speed).toBeCloseTo(2, 6);
  });

  it('on 144 Hz, interpolation shows less motion error than no interpolation', async () => {
    const at144 = await tenSecondsAt(144);
    expect(at144.fixed!.rms).toBeGreaterThan(1e-3);
    expect(at144.interp!.rms).toBeLessThan(at144.fixed!.rms / 100);
  });

  it('variable step ends elsewhere at 30 and 144 Hz, fixed step at the same place', async () => {
    const at30 = await tenSecondsAt(30);
    const at144 = await tenSecondsAt(144);
    expect(Math.abs(at30.variable!.ballY - at144.variable!.ballY)).toBeGreaterThan(1e-3);
    expect(at30.fixed!.ballY).toBe(at144.fixed!.ballY);
    expect(at30.fixed!.ticks).toBe(600);
    expect(at144.fixed!.ticks).toBe(600);
  });

  it('switching the display clock in the form changes the figures', async () => {
    const opened = await open('?display=hz&hz=60&paused=1');
    const { page } = opened;
    await page.selectOption('#control-hz', '144');
    // 144 Hz is the lab's default, so the link drops the hz it had.
    await page.waitForFunction(() => !new URLSearchParams(location.search).has('hz'));
    expect(await page.inputValue('#control-hz')).toBe('144');
    await page.fill('#step-count', '1441');
    await page.click('#step');
    await page.waitForFunction(() => document.body.dataset.frames === '1441', undefined, WAIT);
    const lanes = await figures(page);
    expect(lanes.naive!.speed).toBeCloseTo(4.8, 6);
    expect(lanes.naive!.ticks).toBe(1440);
    expect(lanes.fixed!.ticks).toBe(600);
    await close(opened);
  });
});
