import { describe, expect, it } from 'vitest';
import { close, figures, labUrl, open, PHONE, useLab } from './harness.js';

/** The page as a whole: its state in the URL, a phone-sized viewport, the keyboard. */

useLab();

describe('the page', () => {
  it('round-trips its state through the URL', async () => {
    const query =
      '?lanes=fixed,interp&display=jitter&hz=144&jitter=3&speed=0.25&timestep=10&maxDelta=100' +
      '&maxSteps=5&maxFps=45&timeScale=0.5&cost=2&overflow=carry&paused=1&exp=cap&cap.cap=20';
    const opened = await open(query);
    const { page } = opened;
    const read = () =>
      page.evaluate(() => {
        const value = (id: string) => (document.getElementById(id) as HTMLInputElement).value;
        const lanes = [...document.querySelectorAll<HTMLInputElement>('input[name="lane"]')]
          .filter((box) => box.checked)
          .map((box) => box.value);
        const keys = ['display', 'hz', 'jitter', 'speed', 'timestep', 'maxDelta', 'maxSteps'];
        const more = ['maxFps', 'timeScale', 'cost', 'overflow'];
        return {
          lanes,
          controls: Object.fromEntries([...keys, ...more].map((k) => [k, value(`control-${k}`)])),
          rows: document.querySelectorAll('#figures tbody tr').length,
          exp: document.getElementById('experiment')?.dataset.exp,
          cap: value('exp-cap-cap'),
          paused: document.getElementById('pause')?.getAttribute('aria-pressed'),
        };
      });
    const expected = {
      lanes: ['fixed', 'interp'],
      controls: {
        display: 'jitter',
        hz: '144',
        jitter: '3',
        speed: '0.25',
        timestep: '10',
        maxDelta: '100',
        maxSteps: '5',
        maxFps: '45',
        timeScale: '0.5',
        cost: '2',
        overflow: 'carry',
      },
      rows: 2,
      exp: 'cap',
      cap: '20',
      paused: 'true',
    };
    expect(await read()).toEqual(expected);
    // A change in the form goes into the URL, and that URL opens the same lab.
    await page.check('#lane-naive');
    await page.waitForFunction(() => location.search.includes('naive'));
    const link = page.url();
    await close(opened);
    const again = await open(link.slice(labUrl().length));
    expect(await again.page.evaluate(() => location.search)).toBe(new URL(link).search);
    const lanes = await again.page.$$eval('#figures tbody tr', (rows) =>
      rows.map((row) => (row as HTMLElement).dataset.lane),
    );
    expect(lanes).toEqual(['naive', 'fixed', 'interp']);
    await close(again);
  });

  it('keeps a value the form refuses as typed, flagged, and runs on with the last valid one', async () => {
    const opened = await open('?display=hz&paused=1');
    const { page } = opened;
    const input = '#control-maxSteps';
    await page.fill(input, '2.5');
    await page.press(input, 'Enter');
    await expect.poll(() => page.getAttribute(input, 'aria-invalid')).toBe('true');
    expect(await page.inputValue(input)).toBe('2.5');
    expect(await page.isVisible('#control-maxSteps-note')).toBe(true);
    expect(await page.textContent('#control-maxSteps-note')).toBe(
      'maxSteps must be a whole number from 1 to 1000; running with 10',
    );
    expect(await page.getAttribute(input, 'aria-describedby')).toBe('control-maxSteps-note');
    expect(new URL(page.url()).searchParams.has('maxSteps')).toBe(false);
    // Another setting changes: the refused value stays as typed, still flagged.
    await page.uncheck('#lane-naive');
    await page.waitForFunction(() => location.search.includes('lanes='));
    expect(await page.inputValue(input)).toBe('2.5');
    expect(await page.getAttribute(input, 'aria-invalid')).toBe('true');
    // A whole number clears the flag and goes into the link.
    await page.fill(input, '5');
    await page.press(input, 'Enter');
    await page.waitForFunction(() => location.search.includes('maxSteps=5'));
    expect(await page.getAttribute(input, 'aria-invalid')).toBeNull();
    expect(await page.isVisible('#control-maxSteps-note')).toBe(false);
    await close(opened);
  });

  it('links a paused simulated display at the frame on screen, and opens there', async () => {
    const opened = await open('?display=jitter&hz=144&jitter=0.12345&paused=1');
    const { page } = opened;
    await page.click('#step');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('frames') === '60');
    expect(new URL(page.url()).searchParams.get('jitter')).toBe('0.12345');
    const seen = await figures(page);
    const link = page.url();
    await close(opened);
    const again = await open(link.slice(labUrl().length));
    expect(await again.page.evaluate(() => document.body.dataset.frames)).toBe('60');
    expect(await figures(again.page)).toEqual(seen);
    await close(again);
  });

  it('fits a 390 × 844 phone and works by keyboard', async () => {
    const opened = await open('?display=hz&paused=1&exp=drift', PHONE);
    const { page } = opened;
    // The settings start folded on a phone; a tap opens them.
    expect(await page.getAttribute('#settings', 'open')).toBeNull();
    await page.tap('#settings summary');
    await expect.poll(() => page.getAttribute('#settings', 'open')).toBe('');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    // Every control is reachable: inside the viewport's width and visible.
    const outside = await page.$$eval('input, select, button', (controls) =>
      controls
        .filter((control) => (control as HTMLElement).offsetParent !== null)
        .filter((control) => {
          const box = control.getBoundingClientRect();
          return box.left < 0 || box.right > document.documentElement.clientWidth || box.width < 1;
        })
        .map((control) => control.id || control.getAttribute('name')),
    );
    expect(outside).toEqual([]);
    // By keyboard: focus the pause button, press Space to resume, Enter on Step runs frames.
    await page.focus('#pause');
    await page.keyboard.press('Space');
    await expect.poll(() => page.getAttribute('#pause', 'aria-pressed')).toBe('false');
    await page.keyboard.press('Space');
    await expect.poll(() => page.getAttribute('#pause', 'aria-pressed')).toBe('true');
    const frames = Number(await page.evaluate(() => document.body.dataset.frames));
    await page.focus('#step');
    await page.keyboard.press('Enter');
    await page.waitForFunction((n) => Number(document.body.dataset.frames) === n + 60, frames);
    // Tab moves focus through the controls, and the focused control shows an outline.
    await page.focus('#lane-naive');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      return { id: element.id, outline: getComputedStyle(element).outlineStyle };
    });
    expect(focused).toEqual({ id: 'lane-variable', outline: 'solid' });
    await close(opened);
  });
});
