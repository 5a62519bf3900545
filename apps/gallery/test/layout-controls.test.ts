import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { playfieldProblems, layoutProblems as problems, readLayout, VIEWPORTS } from './layout.js';
import { TEMPLATES, TEST_MS, useAppPages, WAIT_MS } from './layout-pages.js';

/**
 * Every template app of the built site (apps/gallery/dist, `pnpm build` first; rapier in both
 * modes) on a phone held upright (390 × 844, touch, 3 device pixels per CSS pixel) and on a
 * laptop (1280 × 800), as issue #22 asks: every overlay and control on screen, none over
 * another, the topmost thing at each control's centre the control itself; every on-screen key
 * button tapped (clicked on the laptop) and its effect read from the page. Boxes come from the
 * browser (test/layout.ts).
 */

const open = useAppPages();

/**
 * The pages the layout is read on: each template app, and the rapier app in worker mode, whose
 * overlay has a line more (the snapshots' health).
 */
const PAGES = [...TEMPLATES, 'rapier?mode=worker'];

/**
 * The keys each app reads in live play, each of which must have a button: the pointer's own
 * gestures (drag to steer, tap the canvas) are not keys and are told in each app's help text.
 * Rapier's Escape ends a replay: its button shows only in one (see REPLAY_CONTROLS).
 */
const KEYS: Record<string, string[]> = {
  canvas2d: ['KeyI', 'Space'],
  three: ['KeyT', 'KeyY'],
  mobile: [],
  rapier: ['KeyB', 'KeyR', 'KeyT', 'Space'],
  r3f: ['Space'],
  // Rollback's keys are held movement (WASD, the arrows): on touch a held finger steers red
  // instead, and the computer plays green; it has no once-per-press key to give a button.
  rollback: [],
};

/** The rapier app's controls that act on a replay only: shown in one, and only then. */
const REPLAY_CONTROLS = ['#end', '#speed'];

/**
 * What a tap must visibly do beyond the key buttons' count (`data-presses`, written by the step
 * that saw the tap): the control to tap, then the element and attribute that show its effect.
 */
const EFFECTS: Record<string, { tap: string; read: string; attribute: string; value: string }[]> = {
  // The key buttons' round above switched interpolation off (the toggle is KeyI's button):
  // this tap switches it on again. Expecting 'false' here passed only when the check ran
  // before the next fixed step had seen the tap.
  canvas2d: [{ tap: '#toggle', read: '#toggle', attribute: 'aria-pressed', value: 'true' }],
  mobile: [
    { tap: '[data-fps="60"]', read: '[data-fps="60"]', attribute: 'aria-pressed', value: 'true' },
  ],
  r3f: [
    { tap: '[data-fps="60"]', read: '[data-fps="60"]', attribute: 'aria-pressed', value: 'true' },
  ],
  // A tap in the middle of a slider sets its middle value, which the link takes from the next
  // packet on (the HUD's data-latency and data-loss are the values in force).
  rollback: [
    { tap: '#latency', read: '#hud', attribute: 'data-latency', value: '150' },
    { tap: '#loss', read: '#hud', attribute: 'data-loss', value: '25' },
  ],
  rapier: [
    // The key buttons' R started a replay, whose Escape button now shows: it ends it.
    { tap: '[data-key="Escape"]', read: '#replay', attribute: 'data-replay', value: 'recording' },
    { tap: '#instant', read: '#replay', attribute: 'data-replay', value: 'replaying' },
    // A replay of the seconds so far, at half speed: it is still running when this tap comes.
    { tap: '#end', read: '#replay', attribute: 'data-replay', value: 'recording' },
  ],
};

/** Which of `selectors` are visible and enabled on the page. */
async function shown(page: Page, selectors: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const selector of selectors) {
    const control = page.locator(selector);
    if ((await control.isVisible()) && (await control.isEnabled())) found.push(selector);
  }
  return found;
}

/**
 * What a replay of the rapier app must show: its own controls, a sign over the game that says
 * it is a replay (more than the status line), the game still in view and nothing overlapping.
 */
async function inReplay(page: Page): Promise<void> {
  await expect
    .poll(() => shown(page, REPLAY_CONTROLS), { timeout: WAIT_MS })
    .toEqual(REPLAY_CONTROLS);
  const sign = page.locator('#replay-sign');
  await expect.poll(() => sign.isVisible(), { timeout: WAIT_MS }).toBe(true);
  expect(await sign.textContent()).toMatch(/replay/i);
  const layout = await readLayout(page);
  expect(layout.overlays.map((box) => box.name)).toContain('#replay-sign');
  expect(problems(layout)).toEqual([]);
  expect(playfieldProblems(layout)).toEqual([]);
}

describe.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])(
  'every template app on a %s',
  (viewport) => {
    const touch = VIEWPORTS[viewport].hasTouch === true;

    it.for(PAGES)(
      '%s: overlays and controls on screen, none over another; every key has a button that works',
      { timeout: TEST_MS },
      async (path) => {
        const app = path.split('?')[0]!;
        const { page, errors } = await open(path, viewport);
        try {
          const before = await readLayout(page);
          expect(before.overlays.map((box) => box.name)).toEqual(
            expect.arrayContaining(['[data-loop-stats]', '[data-loop-hud]']),
          );
          expect(problems(before)).toEqual([]);
          expect(playfieldProblems(before)).toEqual([]);
          expect([...before.keys].sort()).toEqual(KEYS[app]);
          if (app === 'rapier') expect(await shown(page, REPLAY_CONTROLS)).toEqual([]);

          // Every key button, then each app's own controls with an effect to read.
          for (const key of before.keys) {
            const button = page.locator(`[data-loop-hud] [data-key="${key}"]`);
            await (touch ? button.tap() : button.click());
            await expect
              .poll(() => button.getAttribute('data-presses'), { timeout: WAIT_MS })
              .toBe('1');
          }
          for (const effect of EFFECTS[app] ?? []) {
            const control = page.locator(effect.tap);
            await (touch ? control.tap() : control.click());
            await expect
              .poll(() => page.locator(effect.read).getAttribute(effect.attribute), {
                timeout: WAIT_MS,
              })
              .toBe(effect.value);
            if (app === 'rapier' && effect.value === 'replaying') await inReplay(page);
          }
          // Labels that changed with a tap still fit, and the game is still in view.
          const after = await readLayout(page);
          expect(problems(after)).toEqual([]);
          expect(playfieldProblems(after)).toEqual([]);
          expect(errors).toEqual([]);
        } finally {
          await page.context().close();
        }
      },
    );
  },
);
