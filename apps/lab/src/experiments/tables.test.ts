import { describe, expect, it } from 'vitest';
import { fpsCap } from './cap.js';
import { walk } from './drift.js';
import { integrator } from './integrator.js';
import { trace } from './trace.js';

/** The rows of a run as key, seed pairs. */
const seeds = (rows: readonly { key: string; seed: string | null }[]) =>
  rows.map((row) => [row.key, row.seed]);

describe("the experiments' tables", () => {
  it("Palmer's integrator: the exact position, both steps, their errors, then the seed's table", () => {
    const rows = integrator.run({});
    expect(rows.map((row) => row.key)).toEqual([
      'exact',
      'small',
      'small-error',
      'large',
      'large-error',
      'row-0',
      'row-1',
      'row-2',
      'row-3',
      'row-4',
    ]);
    expect(rows[0]!.ours).toBe('2.5000');
    expect(rows.slice(5).map((row) => row.seed)).toEqual([
      '0.0, 3.0 (t = 0 s)',
      '0.75, 2.75 (t = 0.25 s)',
      '1.44, 2.5 (t = 0.5 s)',
      '2.06, 2.25 (t = 0.75 s)',
      '2.63, 2.0 (t = 1 s)',
    ]);
    expect(rows[9]!.ours).toBe('2.6250, 2.0000');
  });

  it('the table shows up to 12 rows of small steps, none past that', () => {
    const table = (values: Record<string, number>) =>
      integrator.run(values).filter((row) => row.key.startsWith('row-'));
    const twelve = table({ until: 2.75 });
    expect(twelve).toHaveLength(12);
    expect(twelve[11]!.seed).toBeNull();
    expect(table({ until: 3 })).toEqual([]);
    expect(table({ small: 50 })).toEqual([]);
  });

  it("Petersen's trace: a row per frame beside the article's words, then the first tick", () => {
    expect(seeds(trace.run({}))).toEqual([
      ['frame-1', '10ms total: not enough for physics update'],
      ['frame-2', '25ms: not enough for physics update'],
      ['frame-3', '43ms: physics tick, leaving ~9.666666 remaining'],
      ['frame-4', '~25ms: not enough for physics update'],
      ['first-tick', '3'],
    ]);
    expect(trace.run({})[0]!.label).toMatch(/^frame 1: /);
  });

  it('the FPS cap: rows of figures and nothing else', () => {
    const rows = fpsCap.run({});
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(typeof row.key).toBe('string');
  });

  it("Bellot's float loop stops when its time reaches the end, not one step later", () => {
    // 0.25 s steps sum exactly: four of them reach 1 s.
    expect(walk(4, 1).floatSteps).toBe(4);
    expect(walk(2, 3).floatSteps).toBe(6);
  });
});
