import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { untilFrame, wait } from '../test-support/page.js';
import {
  byId,
  downloads,
  start,
  status,
  ticks,
  useStartedPages,
} from '../test-support/start-page.js';

/**
 * The page's keys and controls in real Chromium: the opening keys and the HUD's buttons through
 * the input, the replay's keys (the defaults and a game's own), the keys it keeps from
 * scrolling, the replay's speed, and a recording saved and loaded.
 */

useStartedPages();

/** Types `keys` (userEvent's syntax) and returns the codes of those the page prevented. */
async function preventedOf(keys: string): Promise<string[]> {
  const prevented: string[] = [];
  const listener = (e: KeyboardEvent) => {
    if (e.defaultPrevented) prevented.push(e.code);
  };
  window.addEventListener('keydown', listener);
  await userEvent.keyboard(keys);
  window.removeEventListener('keydown', listener);
  return prevented;
}

describe('startRapierPage on the main thread', () => {
  it('taps the opening keys once, at the second frame, and the HUD buttons tap theirs', async () => {
    const { page, record, pressed } = start({ openingKeys: ['KeyJ'] });
    await page.started;
    await untilFrame(() => pressed.length > 0, 'the opening key read by a step');
    await untilFrame(() => record.draws.length >= 4, 'more frames');
    expect(pressed).toHaveLength(1);
    expect(pressed[0]!.codes).toEqual(['KeyJ']);
    // Drawn twice before the step that read it.
    const drawsBefore = record.draws.filter((_, i) => i < 2).length;
    expect(drawsBefore).toBe(2);
    byId('push').click();
    await untilFrame(() => pressed.length === 2, 'the button read by a step');
    expect(pressed[1]!.codes).toEqual(['KeyJ']);
  });

  it('replays on R and returns on Esc, and prevents Space scrolling', async () => {
    const { page } = start();
    await page.started;
    await untilFrame(() => ticks() >= 30, 'thirty ticks recorded');
    expect(await preventedOf('{Space}{KeyJ}')).toEqual(['Space']);
    await userEvent.keyboard('{KeyR}');
    await untilFrame(() => status().dataset.replay === 'replaying', 'a replay on R');
    await userEvent.keyboard('{Escape}');
    await untilFrame(() => status().dataset.replay !== 'replaying', 'the game back on Esc');
  });

  it('takes the replay keys, the prevented keys and the file name a game gives', async () => {
    const { page, games } = start({
      replayKey: 'KeyP',
      endKey: 'KeyQ',
      preventDefault: ['KeyJ'],
      file: 'boxes',
    });
    await page.started;
    await untilFrame(() => ticks() >= 30, 'thirty ticks recorded');
    expect(await preventedOf('{Space}{KeyJ}{KeyR}')).toEqual(['KeyJ']);
    await wait(100);
    expect(status().dataset.replay).toBe('recording');
    await userEvent.keyboard('{KeyP}');
    await untilFrame(() => status().dataset.replay === 'replaying', 'a replay on P');
    await userEvent.keyboard('{Escape}');
    await wait(100);
    expect(status().dataset.replay).toBe('replaying');
    await userEvent.keyboard('{KeyQ}');
    await untilFrame(() => status().dataset.replay !== 'replaying', 'the game back on Q');
    // The speed select reaches the game's replay, and Save downloads a file named by the game.
    const speed = byId<HTMLSelectElement>('speed');
    const game = games.made[0]!;
    expect(game.replays.speed).toBe(0.5);
    speed.value = '2';
    speed.dispatchEvent(new Event('change'));
    expect(game.replays.speed).toBe(2);
    const saved = downloads();
    try {
      byId('save').click();
    } finally {
      saved.restore();
    }
    expect(saved.names).toEqual(['boxes-box-game.looprec']);
    // The saved bytes, picked in the file input, replay.
    const bytes = await (await fetch(saved.hrefs[0]!)).arrayBuffer();
    const load = byId<HTMLInputElement>('load');
    const files = new DataTransfer();
    files.items.add(new File([bytes], 'boxes-box-game.looprec'));
    load.files = files.files;
    load.dispatchEvent(new Event('change'));
    await untilFrame(
      () => status().dataset.replay === 'replaying',
      'the loaded recording replayed',
    );
  });
});
