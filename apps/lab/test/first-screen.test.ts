import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { close, figures, open, PHONE, useLab, WAIT } from './harness.js';

/**
 * The first five seconds (issue #19): on a laptop and on a phone the lanes are the first thing
 * on screen and move at once, the smooth lane is marked, each lane says when to pick it, and
 * each step of the guided path sets up the lanes and the display its claim needs.
 */

useLab();

const DESKTOP = { width: 1280, height: 800 };
const ALL = ['naive', 'variable', 'semifixed', 'fixed', 'interp', 'extrap', 'timeslice', 'capped'];

/** The lane labels over the canvas, in order. */
const laneLabels = (page: Page) =>
  page.$$eval('#lane-labels li', (items) => items.map((li) => (li as HTMLElement).dataset.lane));

/** The query string as an object, so the order its keys are written in does not matter. */
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

/** What each step must set up: its lanes and the query string the lab writes for it. */
const STEPS: readonly { id: string; lanes: string[]; query: Record<string, string> }[] = [
  { id: 'pick', lanes: ALL, query: {} },
  { id: 'runaway', lanes: ['naive', 'interp'], query: { lanes: 'naive,interp' } },
  { id: 'stutter', lanes: ['fixed', 'interp'], query: { lanes: 'fixed,interp' } },
  {
    id: 'spiral',
    lanes: ['fixed', 'interp'],
    query: {
      lanes: 'fixed,interp',
      hz: '60',
      speed: '1',
      cost: '20',
      maxDelta: '10000',
      maxSteps: '1000',
      exp: 'spiral',
    },
  },
  {
    id: 'guard',
    lanes: ['fixed', 'interp'],
    query: { lanes: 'fixed,interp', hz: '60', speed: '1', cost: '20', exp: 'spiral' },
  },
];

/** Pauses the lab, runs `frames` more simulated display frames, and reads the figures. */
async function runFrames(page: Page, frames: number) {
  await page.click('#pause');
  await expect.poll(() => page.getAttribute('#pause', 'aria-pressed')).toBe('true');
  const before = Number(await page.evaluate(() => document.body.dataset.frames));
  await page.fill('#step-count', String(frames));
  await page.click('#step');
  await page.waitForFunction(
    (n) => Number(document.body.dataset.frames) === n,
    before + frames,
    WAIT,
  );
  return figures(page);
}

describe.each([
  ['a 1280 × 800 laptop', DESKTOP],
  ['a 390 × 844 phone (touch, DPR 3)', PHONE],
] as const)('the first screen on %s', (_, device) => {
  it('shows every lane moving, the smooth one marked, and when to pick each', async () => {
    const opened = await open('', device);
    const { page } = opened;
    const height = page.viewportSize()!.height;
    const canvas = (await page.locator('#lanes-canvas').boundingBox())!;
    expect(canvas.y).toBeGreaterThanOrEqual(0);
    expect(canvas.y).toBeLessThan(height);
    // Every lane fits in the first screen, and the guided path starts on it too.
    expect(canvas.y + canvas.height).toBeLessThanOrEqual(height);
    const firstStep = (await page.locator('#guide-steps button').first().boundingBox())!;
    expect(firstStep.y).toBeLessThan(height);
    expect(await laneLabels(page)).toEqual(ALL);
    // The smooth lane is marked, in the first screen.
    const recommended = page.locator('#lane-labels li.recommended');
    expect(await recommended.getAttribute('data-lane')).toBe('interp');
    expect(await recommended.textContent()).toContain('✓ smooth');
    expect((await recommended.boundingBox())!.y).toBeLessThan(height);
    // Each lane's "when to pick it" line is there and is not cut off.
    const picks = await page.$$eval('#lane-labels .pick', (spans) =>
      spans.map((span) => ({
        length: (span.textContent ?? '').length,
        cut: span.scrollWidth > span.clientWidth,
      })),
    );
    expect(picks).toHaveLength(ALL.length);
    for (const pick of picks) {
      expect(pick.cut).toBe(false);
      expect(pick.length).toBeGreaterThan(10);
    }
    // It moves without a click: the display frames count up.
    await page.waitForFunction(() => Number(document.body.dataset.frames) > 30, undefined, WAIT);
    // The first claim is what the lab opens on, and the page says what to look at.
    expect(await page.getAttribute('#look', 'data-step')).toBe('pick');
    await close(opened);
  });

  it('sets up each claim of the guided path in one click', async () => {
    const opened = await open('?display=raf&speed=1&lanes=variable&maxSteps=3', device);
    const { page } = opened;
    expect(await page.getAttribute('#look', 'data-step')).toBeNull();
    // A step with no experiment of its own leaves open the one that was.
    let exp: string | undefined;
    for (const step of [...STEPS.slice(1), STEPS[0]!]) {
      // From wherever the reader has scrolled to: the bottom of the page, say.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.click(`#guide-steps button[data-step="${step.id}"]`);
      exp = step.query.exp ?? exp;
      await expect.poll(() => query(page)).toEqual(exp ? { ...step.query, exp } : step.query);
      expect(await laneLabels(page)).toEqual(step.lanes);
      expect(await page.getAttribute('#look', 'data-step')).toBe(step.id);
      // The lanes it set up are in view, what to look at above them (a phone scrolls back up).
      const look = (await page.locator('#look').boundingBox())!;
      const canvas = (await page.locator('#lanes-canvas').boundingBox())!;
      expect(look.y).toBeGreaterThanOrEqual(0);
      expect(canvas.y).toBeLessThan(page.viewportSize()!.height);
      const pressed = page.locator('#guide-steps button[aria-pressed="true"]');
      expect(await pressed.count()).toBe(1);
      expect(await pressed.getAttribute('data-step')).toBe(step.id);
      expect(await page.inputValue('#control-display')).toBe('hz');
      expect(await page.inputValue('#control-hz')).toBe(step.query.hz ?? '144');
      expect(await page.getAttribute('#experiment', 'data-exp')).toBe(exp ?? null);
    }
    await close(opened);
  });
});

describe('the guided path shows its claims', () => {
  it('runaway, stutter, spiral, guard: the figures the steps point at', async () => {
    const opened = await open('', DESKTOP);
    const { page } = opened;
    const pick = (id: string) => page.click(`#guide-steps button[data-step="${id}"]`);

    await pick('runaway');
    let lanes = await runFrames(page, 1441);
    expect(lanes.naive!.speed).toBeGreaterThan(4.5);
    expect(lanes.interp!.speed).toBeCloseTo(2, 1);

    await pick('stutter');
    lanes = await runFrames(page, 1441);
    expect(lanes.fixed!.rms).toBeGreaterThan(0.01);
    expect(lanes.interp!.rms).toBeLessThan(0.001);

    // The spiral: with the guards off every frame owes more steps than the last, so the frames
    // grow until the lab shows under a frame a second.
    await pick('spiral');
    lanes = await runFrames(page, 40);
    expect(lanes.interp!.fps).toBeLessThan(1);

    // maxSteps 10: the same updates give about 5 frames a second, the rest of the time dropped.
    await pick('guard');
    lanes = await runFrames(page, 40);
    expect(lanes.interp!.fps).toBeGreaterThan(4);
    expect(lanes.interp!.dropped).toBeGreaterThan(0);
    await close(opened);
  });
});
