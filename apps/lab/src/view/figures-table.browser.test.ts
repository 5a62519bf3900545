import { afterEach, describe, expect, it } from 'vitest';
import type { LaneId } from '../lane-specs.js';
import { Session } from '../session.js';
import { DEFAULT_STATE } from '../url-state.js';
import { Y } from '../world.js';
import { FiguresTable } from './figures-table.js';

const LANE_IDS: readonly LaneId[] = ['naive', 'fixed', 'capped'];

/**
 * Three lanes after 6 s on a 144 Hz display whose tab hides every 5 s: every figure differs
 * between them and none is a round number (the fixed lane dropped 1 833.33 ms, the capped one
 * drew 22.54 fps).
 */
function session(): Session {
  const state = { ...DEFAULT_STATE };
  const s = new Session(LANE_IDS, state, { ...state, kind: 'hidden', hz: 144 });
  s.stepFrames(144 * 6 + 1);
  return s;
}

function mount(): { table: HTMLTableElement; notes: HTMLUListElement; figures: FiguresTable } {
  const table = document.createElement('table');
  const notes = document.createElement('ul');
  document.body.append(table, notes);
  return { table, notes, figures: new FiguresTable(table) };
}

/** The text of each cell of a row, the name first. */
function texts(row: HTMLTableRowElement): string[] {
  return [...row.cells].map((cell) => cell.textContent ?? '');
}

/** Whether `text` is `value` written with exactly `decimals` decimals. */
function written(text: string, value: number, decimals: number): void {
  const pattern = decimals === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+\\.\\d{${decimals}}$`);
  expect(text).toMatch(pattern);
  expect(Math.abs(Number(text) - value)).toBeLessThanOrEqual(0.5 * 10 ** -decimals + 1e-9);
}

afterEach(() => document.body.replaceChildren());

describe('the figures table', () => {
  it('heads its columns with the figures, each a column header', () => {
    const { table } = mount();
    expect(table.tHead?.rows).toHaveLength(1);
    const heads = [...table.tHead!.rows[0]!.cells];
    expect(heads.map((th) => th.textContent)).toEqual([
      'lane',
      'RMS motion error (mm)',
      'worst (mm)',
      'steps run',
      'steps owed',
      'dropped (ms)',
      'fps',
      'distance / s (m)',
    ]);
    for (const th of heads) {
      expect(th.tagName).toBe('TH');
      expect((th as HTMLTableCellElement).scope).toBe('col');
    }
    expect(table.tBodies).toHaveLength(1);
    expect(table.tBodies[0]!.rows).toHaveLength(0);
  });

  it('has one row per lane, in order, named by a row header in the lane colour', () => {
    const { table, figures } = mount();
    const s = session();
    figures.setLanes(s.lanes);
    const rows = [...table.tBodies[0]!.rows];
    expect(rows.map((r) => r.dataset.lane)).toEqual(LANE_IDS);
    rows.forEach((row, i) => {
      const name = row.cells[0]!;
      expect(name.tagName).toBe('TH');
      expect(name.scope).toBe('row');
      expect(name.textContent).toBe(s.lanes[i]!.spec.label);
      expect(name.style.borderLeftWidth).toBe('4px');
      expect(name.style.borderLeftStyle).toBe('solid');
      expect(row.cells).toHaveLength(8);
      for (const cell of [...row.cells].slice(1)) {
        expect(cell.tagName).toBe('TD');
        expect(cell.textContent).toBe('');
      }
    });
  });

  it('lists what each lane shows, only where asked', () => {
    const { notes, figures } = mount();
    const s = session();
    figures.setLanes(s.lanes);
    expect(notes.children).toHaveLength(0);
    figures.setLanes(s.lanes, notes);
    const items = [...notes.children] as HTMLLIElement[];
    expect(items.map((li) => li.tagName)).toEqual(['LI', 'LI', 'LI']);
    items.forEach((item, i) => {
      const spec = s.lanes[i]!.spec;
      expect(item.querySelector('strong')?.textContent).toBe(`${spec.label}: `);
      expect(item.style.borderLeftColor).not.toBe('');
      expect(item.textContent).toBe(`${spec.label}: ${spec.note.replaceAll('`', '')}`);
    });
    // A second call replaces the list (and the rows), it does not add to it.
    figures.setLanes(s.lanes.slice(0, 1), notes);
    expect(notes.children).toHaveLength(1);
  });

  it('gives every lane its own colour, the same in its row and its note', () => {
    const { table, notes, figures } = mount();
    const s = session();
    figures.setLanes(s.lanes, notes);
    const rows = [...table.tBodies[0]!.rows].map((r) => r.cells[0]!.style.borderLeftColor);
    const items = [...notes.children].map((li) => (li as HTMLElement).style.borderLeftColor);
    expect(new Set(rows).size).toBe(3);
    expect(rows).toEqual(items);
  });

  it('writes each lane figure rounded as its column says, and unrounded as data', () => {
    const { table, figures } = mount();
    const s = session();
    figures.setLanes(s.lanes);
    figures.update(s.lanes);
    s.lanes.forEach((lane, i) => {
      const row = table.tBodies[0]!.rows[i]!;
      const [name, rms, worst, ticks, owed, dropped, fps, speed] = texts(row);
      expect(name).toBe(lane.spec.label);
      written(rms!, lane.motion.rms * 1000, 3);
      written(worst!, lane.motion.worst * 1000, 3);
      expect(ticks).toBe(String(lane.loop.tick));
      expect(owed).toBe(String(lane.owed));
      written(dropped!, lane.loop.stats.dropped, 0);
      written(fps!, lane.fps, 2);
      written(speed!, lane.speed, 3);
      expect({ ...row.dataset }).toEqual({
        lane: lane.spec.id,
        rms: String(lane.motion.rms),
        worst: String(lane.motion.worst),
        ticks: String(lane.loop.tick),
        owed: String(lane.owed),
        dropped: String(lane.loop.stats.dropped),
        fps: String(lane.fps),
        speed: String(lane.speed),
        rendered: String(lane.rendered),
        ballY: String(lane.world.current[Y]),
        offset: String(lane.offset),
      });
    });
    // The figures of this run, so a wrong unit or rounding shows as a number.
    expect(texts(table.tBodies[0]!.rows[1]!).slice(1)).toEqual([
      '16.420',
      '19.444',
      '369',
      '479',
      '1833',
      '108.09',
      '1.539',
    ]);
    expect(texts(table.tBodies[0]!.rows[2]!)[6]).toBe('22.54');
  });

  it('writes the lanes it has rows for and skips the others', () => {
    const { table, figures } = mount();
    const s = session();
    figures.setLanes(s.lanes.slice(0, 2));
    figures.update(s.lanes);
    expect(table.tBodies[0]!.rows).toHaveLength(2);
    expect(texts(table.tBodies[0]!.rows[1]!)[3]).toBe('369');
    figures.setLanes([]);
    expect(table.tBodies[0]!.rows).toHaveLength(0);
    expect(() => figures.update(s.lanes)).not.toThrow();
  });
});
