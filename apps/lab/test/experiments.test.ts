import { describe, expect, it } from 'vitest';
import { close, experimentRows, open, setParam, useLab } from './harness.js';

/**
 * Each article's experiment in the built lab: the article's figure beside ours, and ours
 * follows its parameters.
 */

useLab();

describe("the articles' experiments", () => {
  it("Bellot's drift (The Game Loop): opens on rates where t += dt runs a step over, ours exact", async () => {
    const opened = await open('?paused=1');
    const { page } = opened;
    await page.click('button[data-exp="drift"]');
    let rows = await experimentRows(page);
    expect(rows['a-float']).toEqual({
      seed: '601, 8.3472 at 60 fps (38 digits, 10 s)',
      ours: '301, 8.3611',
    });
    expect(rows['b-float']!.seed).toContain('8.3403');
    expect(rows['b-float']!.ours).toBe('2401, 8.3368');
    expect(rows['a-distance']!.ours).toBe('8.3333');
    expect(rows['b-distance']!.ours).toBe('8.3333');
    expect(rows.exact).toEqual({ seed: '8.3333', ours: '8.3333' });
    expect(rows['a-ticks']!.ours).toBe('300');
    expect(rows['b-ticks']!.ours).toBe('2400');
    // The explanation renders its code: no Markdown backtick reaches the page.
    expect(await page.textContent('#experiment')).not.toContain('`');
    expect(await page.textContent('#experiment p code')).toBe('t += dt');
    rows = await setParam(page, 'drift', 'a', '60', 'a-ticks');
    expect(rows['a-ticks']!.ours).toBe('600');
    expect(rows['a-float']!.ours).toBe('600, 8.3333');
    expect(new URL(page.url()).searchParams.get('drift.a')).toBe('60');
    await close(opened);
  });

  it("Palmer's integrator table (Game Loops): 2.625 m with 0.25 s steps, 3 m with one", async () => {
    const opened = await open('?paused=1&exp=integrator');
    const { page } = opened;
    let rows = await experimentRows(page);
    expect(rows.small).toEqual({ seed: '2.63 (0.25 s steps, 1 s)', ours: '2.6250' });
    expect(rows.large).toEqual({ seed: '3 (one 1 s step)', ours: '3.0000' });
    expect(rows.exact!.ours).toBe('2.5000');
    rows = await setParam(page, 'integrator', 'small', '500', 'small');
    expect(rows.small!.ours).toBe('2.7500');
    await close(opened);
  });

  it("Petersen's trace (Interpolated Physics Rendering): one tick, at the third frame", async () => {
    const opened = await open('?paused=1&exp=trace');
    const { page } = opened;
    let rows = await experimentRows(page);
    expect(rows['first-tick']).toEqual({ seed: '3', ours: '3' });
    expect(rows['frame-3']!.ours).toBe('1, 9.67 ms');
    expect(rows['frame-3']!.seed).toContain('9.666666');
    rows = await setParam(page, 'trace', 'd3', '5', 'first-tick');
    expect(rows['first-tick']!.ours).toBe('4');
    await close(opened);
  });

  it('the spiral of death: frames grow without a guard; maxSteps caps the updates', async () => {
    const opened = await open('?paused=1&exp=spiral');
    const { page } = opened;
    let rows = await experimentRows(page);
    const [noGuard] = rows['none-last-frame']!.ours.split(', ').map(Number);
    const [capped, cappedSteps] = rows['maxSteps-last-frame']!.ours.split(', ').map(Number);
    expect(noGuard).toBeGreaterThan(3 * capped!);
    expect(cappedSteps).toBe(10);
    expect(rows.floor).toEqual({ seed: '5 fps (50 updates/s, MAX_FRAMESKIP 10)', ours: '5 fps' });
    rows = await setParam(page, 'spiral', 'maxSteps', '5', 'maxSteps-last-frame');
    expect(rows['maxSteps-last-frame']!.ours.split(', ')[1]).toBe('5');
    expect(rows.floor!.ours).toBe('10 fps');
    await close(opened);
  });

  it('the spiral refuses a fractional maxSteps, from a link or the form, and says so', async () => {
    // A link with maxSteps 2.5 used to throw in @loop/core while the page loaded.
    const opened = await open('?paused=1&exp=spiral&spiral.maxSteps=2.5');
    const { page } = opened;
    const input = '#exp-spiral-maxSteps';
    const note = () => page.textContent('#exp-spiral-maxSteps-note');
    let rows = await experimentRows(page);
    expect(rows['maxSteps-last-frame']!.ours.split(', ')[1]).toBe('10');
    expect(await page.inputValue(input)).toBe('2.5');
    expect(await page.getAttribute(input, 'aria-invalid')).toBe('true');
    expect(await note()).toBe(
      'maxSteps when on must be a whole number from 1 to 1000; running with 10',
    );
    // A valid value elsewhere keeps the refused one on screen, flagged.
    rows = await setParam(page, 'spiral', 'seconds', '3', 'maxSteps-frames');
    expect(await page.inputValue(input)).toBe('2.5');
    expect(await page.getAttribute(input, 'aria-invalid')).toBe('true');
    // Typed into the form: flagged, the figures unchanged; a whole number clears it.
    rows = await setParam(page, 'spiral', 'maxSteps', '5', 'maxSteps-last-frame');
    expect(await page.getAttribute(input, 'aria-invalid')).toBeNull();
    await page.fill(input, '7.5');
    await page.press(input, 'Enter');
    await expect.poll(() => page.getAttribute(input, 'aria-invalid')).toBe('true');
    expect(await note()).toContain('whole number from 1 to 1000; running with 5');
    expect(await page.isVisible('#exp-spiral-maxSteps-note')).toBe(true);
    expect(await experimentRows(page)).toEqual(rows);
    expect(new URL(page.url()).searchParams.get('spiral.maxSteps')).toBe('5');
    await close(opened);
  });

  it('the FPS cap: 30 on 60, 120 and 144 Hz, above the naive cap', async () => {
    const opened = await open('?paused=1&exp=cap');
    const { page } = opened;
    let rows = await experimentRows(page);
    for (const hz of [60, 120, 144]) {
      expect(Number(rows[`core-${hz}`]!.ours)).toBeCloseTo(30, 1);
      expect(rows[`core-${hz}`]!.seed).toContain('30');
    }
    expect(Number(rows['naive-60']!.ours)).toBeLessThan(28);
    rows = await setParam(page, 'cap', 'cap', '20', 'core-60');
    expect(Number(rows['core-60']!.ours)).toBeCloseTo(20, 1);
    await close(opened);
  });
});
