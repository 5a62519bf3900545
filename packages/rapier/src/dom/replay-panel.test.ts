import { InstantReplay } from '@loop/core/replay';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstStatus, type ReplayStatus, statusOf } from '../replay-status.js';
import { pickedFile, ReplayPanel, replayStatusText } from './replay-panel.js';

/** A stand-in for the `#replay` line (Node has no DOM): the fields the panel writes. */
function statusLine() {
  return { dataset: {} as Record<string, string>, textContent: '' };
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** A status as the panel reads it; its fields are changed by the tests as a replay would. */
function status(fields: Partial<ReplayStatus> = {}): Writable<ReplayStatus> {
  return { ...firstStatus(), ...fields };
}

function panelOf(source: ReplayStatus) {
  const line = statusLine();
  return { line, panel: new ReplayPanel(source, line as unknown as HTMLElement) };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ReplayPanel.refresh', () => {
  it('shows the first status, before a mode reports: recording, nothing yet', () => {
    const { line, panel } = panelOf(firstStatus());
    panel.refresh();
    expect(line.dataset).toEqual({
      replay: 'recording',
      changes: '0',
      ticks: '0',
      matched: '0',
      length: '0',
    });
    expect(line.textContent).toBe('recording: 0 ticks so far. R replays the last 10 s.');
  });

  it('writes the phase, the counts and the line of each phase', () => {
    const source = status({ ticks: 1, instantSeconds: 1.26 });
    const { line, panel } = panelOf(source);
    panel.refresh();
    expect(line.dataset).toEqual({
      replay: 'recording',
      changes: '0',
      ticks: '1',
      matched: '0',
      length: '0',
    });
    expect(line.textContent).toBe('recording: 1 ticks so far. R replays the last 1.3 s.');
    Object.assign(source, { phase: 'replaying', changes: 1, matched: 40, length: 300 });
    panel.refresh();
    expect(line.dataset).toMatchObject({ replay: 'replaying', matched: '40', length: '300' });
    expect(line.textContent).toBe('replaying: 40 of 300 ticks matched. Esc returns to the game.');
    Object.assign(source, { phase: 'matched', changes: 2, matched: 300 });
    panel.refresh();
    expect(line.textContent).toBe('replay matched 300 ticks');
    Object.assign(source, { phase: 'error', changes: 3, message: 'cannot replay this file: x' });
    panel.refresh();
    expect(line.dataset.replay).toBe('error');
    expect(line.dataset.changes).toBe('3');
    expect(line.textContent).toBe('cannot replay this file: x');
  });

  it('writes the first status, even all zeros, then only when a count changed', () => {
    for (const first of [status(), status({ changes: 1, matched: 1, ticks: 1 })]) {
      const { line, panel } = panelOf(first);
      panel.refresh();
      expect(line.dataset.replay).toBe('recording');
    }
    const source = status();
    const { line, panel } = panelOf(source);
    panel.refresh();
    line.textContent = 'untouched';
    source.length = 9; // not a count the panel watches
    panel.refresh();
    expect(line.textContent).toBe('untouched');
    for (const change of [{ changes: 1 }, { matched: 1 }, { ticks: 1 }] as const) {
      Object.assign(source, change);
      panel.refresh();
      expect(line.textContent).not.toBe('untouched');
      line.textContent = 'untouched';
      panel.refresh();
      expect(line.textContent).toBe('untouched');
    }
  });

  it('reads the source assigned last: a worker’s newest copy', () => {
    const { line, panel } = panelOf(status());
    panel.refresh();
    panel.source = status({ phase: 'matched', changes: 2, matched: 5 });
    panel.refresh();
    expect(line.textContent).toBe('replay matched 5 ticks');
  });
});

/** A game's InstantReplay (a state of no bytes): what `statusOf` reads on the main thread. */
function instantReplay(instantSeconds?: number): InstantReplay {
  const game = { saveState: () => new Uint8Array(1), loadState() {} };
  return new InstantReplay(game, { build: 'panel', timestep: 1000 / 60, instantSeconds });
}

describe('ReplayPanel on a game’s InstantReplay', () => {
  it('says how long an instant replay is as configured, not a fixed 10 s', () => {
    const { line, panel } = panelOf(statusOf(instantReplay(1.5)));
    panel.refresh();
    expect(line.textContent).toBe('recording: 0 ticks so far. R replays the last 1.5 s.');
    expect(line.dataset.replay).toBe('recording');
  });

  it('shows a file that cannot even be read, instead of an unhandled rejection', async () => {
    const replays = instantReplay();
    const { line, panel } = panelOf(statusOf(replays));
    const file = { arrayBuffer: () => Promise.reject(new Error('the file went away')) };
    const load = panel.load(
      file as unknown as File,
      (b) => replays.load(b),
      (e) => replays.refuse(e),
    );
    await expect(load).resolves.toBeUndefined();
    expect(line.dataset.replay).toBe('error');
    expect(line.textContent).toBe('cannot replay this file: the file went away');
  });
});

describe('ReplayPanel.load', () => {
  it('hands the file’s bytes to play, then shows what play did', async () => {
    const source = status();
    const { line, panel } = panelOf(source);
    const played: number[][] = [];
    const refuse = vi.fn();
    await panel.load(
      new File([new Uint8Array([7, 8, 9])], 'a.looprec'),
      (bytes) => {
        played.push([...bytes]);
        Object.assign(source, { phase: 'replaying', changes: 1 });
      },
      refuse,
    );
    expect(played).toEqual([[7, 8, 9]]);
    expect(refuse).not.toHaveBeenCalled();
    expect(line.dataset.replay).toBe('replaying');
  });

  it('gives a file that cannot be read to refuse, and shows that, never play', async () => {
    const source = status();
    const { line, panel } = panelOf(source);
    const play = vi.fn();
    const error = new DOMException('gone', 'NotReadableError');
    const file = { arrayBuffer: () => Promise.reject(error) } as unknown as File;
    await panel.load(file, play, (e) => {
      expect(e).toBe(error);
      Object.assign(source, { phase: 'error', changes: 1, message: 'cannot read it' });
    });
    expect(play).not.toHaveBeenCalled();
    expect(line.textContent).toBe('cannot read it');
  });
});

describe('ReplayPanel.save', () => {
  it('downloads the bytes as rapier-<build>.looprec and frees them 10 s later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const link = { href: '', download: '', click: vi.fn() };
    vi.stubGlobal('document', { createElement: (tag: string) => (tag === 'a' ? link : null) });
    const create = vi.spyOn(URL, 'createObjectURL');
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const { panel } = panelOf(status());
    panel.save(new Uint8Array([1, 2, 3]), 'abc123');
    expect(link.download).toBe('rapier-abc123.looprec');
    expect(link.click).toHaveBeenCalledOnce();
    expect(create).toHaveBeenCalledOnce();
    expect(link.href).toBe(create.mock.results[0]!.value);
    const blob = create.mock.calls[0]![0] as Blob;
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([1, 2, 3]);
    vi.advanceTimersByTime(9_999);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(revoke).toHaveBeenCalledWith(link.href);
  });
});

describe('ReplayPanel options', () => {
  it('names the file after the game and writes the game’s own line', () => {
    const link = { href: '', download: '', click: vi.fn() };
    vi.stubGlobal('document', { createElement: () => link });
    const line = statusLine();
    const panel = new ReplayPanel(status(), line as unknown as HTMLElement, {
      file: 'marbles',
      text: (s) => `${s.phase}!`,
    });
    panel.save(new Uint8Array([1]), 'b1');
    expect(link.download).toBe('marbles-b1.looprec');
    panel.refresh();
    expect(line.textContent).toBe('recording!');
  });

  it('refuses a file name that is empty or has slashes, and a text that is no function', () => {
    const line = statusLine() as unknown as HTMLElement;
    for (const file of ['', 'a/b', 'a\\b']) {
      expect(() => new ReplayPanel(status(), line, { file })).toThrow(
        new RangeError(`ReplayPanel file must be a file name without slashes, got ${file}`),
      );
    }
    expect(() => new ReplayPanel(status(), line, { text: 'x' as never })).toThrow(
      new RangeError('ReplayPanel text must be a function, got x'),
    );
  });

  it('is the default text', () => {
    const s = status({ phase: 'matched', matched: 3 });
    expect(replayStatusText(s)).toBe('replay matched 3 ticks');
  });
});

describe('pickedFile', () => {
  it('takes the picked file and clears the picker, so the same file picked again loads again', () => {
    const file = new File([], 'a.looprec');
    const picker = { files: [file], value: 'C:\\fakepath\\a.looprec' };
    expect(pickedFile(picker as unknown as HTMLInputElement)).toBe(file);
    expect(picker.value).toBe('');
    const empty = { files: null, value: 'x' };
    expect(pickedFile(empty as unknown as HTMLInputElement)).toBeUndefined();
    expect(empty.value).toBe('');
  });
});

describe('ReplayPanel.stop', () => {
  it('says the game stopped and why, the first error only', () => {
    const { line, panel } = panelOf(status());
    expect(panel.stop(new Error('worker failed'))).toBe(true);
    expect(line.dataset.replay).toBe('error');
    expect(line.textContent).toBe('the game stopped: worker failed');
    expect(panel.stop(new Error('asked to step'))).toBe(false);
    expect(line.textContent).toBe('the game stopped: worker failed');
    const other = panelOf(status());
    other.panel.stop('a string');
    expect(other.line.textContent).toBe('the game stopped: a string');
  });
});

describe('ReplayPanel.refreshEvery', () => {
  it('refreshes at once and every ms until stopped', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const source = status();
    const { line, panel } = panelOf(source);
    const stop = panel.refreshEvery(250);
    expect(line.dataset.replay).toBe('recording');
    Object.assign(source, { phase: 'matched', changes: 1, matched: 2 });
    vi.advanceTimersByTime(249);
    expect(line.dataset.replay).toBe('recording');
    vi.advanceTimersByTime(1);
    expect(line.dataset.replay).toBe('matched');
    stop();
    Object.assign(source, { phase: 'replaying', changes: 2 });
    vi.advanceTimersByTime(1000);
    expect(line.dataset.replay).toBe('matched');
  });

  it('refuses a period that is not a positive number', () => {
    const { panel } = panelOf(status());
    for (const ms of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => panel.refreshEvery(ms)).toThrow(
        new RangeError(`ReplayPanel refreshEvery ms must be a positive number, got ${ms}`),
      );
    }
  });
});
