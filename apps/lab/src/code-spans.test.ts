import { describe, expect, it } from 'vitest';
import { codeSpans } from './code-spans.js';
import { EXPERIMENTS } from './experiments/index.js';
import { GUIDE } from './guide.js';
import { LANES } from './lane-specs.js';

describe('code spans', () => {
  it('splits text and code, dropping the backticks', () => {
    expect(codeSpans('with `t += dt`, in doubles')).toEqual([
      { text: 'with ', code: false },
      { text: 't += dt', code: true },
      { text: ', in doubles', code: false },
    ]);
    expect(codeSpans('`maxSteps`')).toEqual([{ text: 'maxSteps', code: true }]);
    expect(codeSpans('no code')).toEqual([{ text: 'no code', code: false }]);
  });

  it('keeps an unpaired backtick as text', () => {
    expect(codeSpans('a `b` c `d')).toEqual([
      { text: 'a ', code: false },
      { text: 'b', code: true },
      { text: ' c ', code: false },
      { text: '`d', code: false },
    ]);
  });

  it('every text the lab shows pairs its backticks, so none shows as a backtick', () => {
    const texts = [
      ...EXPERIMENTS.flatMap((e) => [e.title, e.explain, e.seed]),
      ...GUIDE.flatMap((s) => [s.title, s.claim, s.look, s.seed]),
      ...LANES.flatMap((l) => [l.label, l.note, l.pick]),
    ];
    for (const text of texts) {
      for (const run of codeSpans(text)) expect(run.text, text).not.toContain('`');
    }
  });
});
