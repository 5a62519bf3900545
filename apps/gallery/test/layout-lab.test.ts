import { describe, expect, it } from 'vitest';
import { playfieldProblems, layoutProblems as problems, readLayout, VIEWPORTS } from './layout.js';
import { TEST_MS, useAppPages } from './layout-pages.js';

/** The loop lab of the built site on a phone and a laptop: no fixed panel over its lanes or another. */

const open = useAppPages();

describe('the loop lab', () => {
  it.for(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])(
    'on a %s: no fixed panel over its lanes or over another',
    { timeout: TEST_MS },
    async (viewport) => {
      const { page, errors } = await open('lab', viewport);
      try {
        const layout = await readLayout(page);
        expect(layout.playfield.name).toBe('#lanes-canvas');
        expect(playfieldProblems(layout)).toEqual([]);
        // A page that scrolls: its controls below the fold are fine, its fixed panels are not.
        expect(problems({ ...layout, controls: [] })).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    },
  );
});
