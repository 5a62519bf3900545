import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paint } from './color.js';

/** What paint asks of a stream: whether it is a terminal, and whether that terminal wants colour. */
const stream = (isTTY: boolean, colours?: boolean) =>
  ({
    isTTY,
    ...(colours === undefined ? {} : { hasColors: () => colours }),
  }) as unknown as NodeJS.WriteStream;

describe('paint', () => {
  // Node's styleText colours whenever FORCE_COLOR says so, whatever this process's own stdout
  // is: so only paint's choice decides whether escape codes reach the text.
  beforeEach(() => {
    vi.stubEnv('FORCE_COLOR', '1');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('colours text for a terminal that wants colour', () => {
    expect(paint('green', 'Done.', stream(true, true))).toBe('\u001b[32mDone.\u001b[39m');
    expect(paint('cyan', 'three', stream(true, true))).toBe('\u001b[36mthree\u001b[39m');
  });

  it('leaves text bare for a pipe, a file, or a terminal that wants no colour (NO_COLOR, TERM=dumb)', () => {
    expect(paint('green', 'Done.', stream(false, true))).toBe('Done.');
    expect(paint('green', 'Done.', stream(true, false))).toBe('Done.');
    expect(paint('cyan', 'three', stream(true))).toBe('three');
  });
});
