import { describe, expect, it } from 'vitest';
import { parseCliArgs } from './args.js';
import { CliError } from './errors.js';

describe('parseCliArgs', () => {
  it('defaults everything when given nothing', () => {
    expect(parseCliArgs([])).toEqual({
      targetDir: undefined,
      template: undefined,
      overwrite: false,
      interactive: undefined,
      list: false,
      help: false,
      version: false,
    });
  });

  it('reads the directory and every flag, long and short', () => {
    expect(
      parseCliArgs(['my game', '--template', 'three', '--overwrite', '--no-interactive']),
    ).toMatchObject({
      targetDir: 'my game',
      template: 'three',
      overwrite: true,
      interactive: false,
    });
    expect(parseCliArgs(['-t', 'mobile', '.']).template).toBe('mobile');
    expect(parseCliArgs(['--template=canvas2d']).template).toBe('canvas2d');
    expect(parseCliArgs(['-h']).help).toBe(true);
    expect(parseCliArgs(['-v']).version).toBe(true);
    expect(parseCliArgs(['--list']).list).toBe(true);
  });

  it('accepts flags before or after the directory (npm passes them after --)', () => {
    expect(parseCliArgs(['--template', 'three', 'game']).targetDir).toBe('game');
    expect(parseCliArgs(['/abs/path with space', '-t', 'three']).targetDir).toBe(
      '/abs/path with space',
    );
  });

  it('rejects unknown options with one line that names them', () => {
    expect(() => parseCliArgs(['--tempalte', 'three'])).toThrow(
      new CliError('unknown option --tempalte (see --help)'),
    );
    expect(() => parseCliArgs(['-x'])).toThrow(/unknown option -x/);
  });

  it('rejects a --template without a name, and values on boolean flags', () => {
    expect(() => parseCliArgs(['--template'])).toThrow(/--template needs a name/);
    expect(() => parseCliArgs(['--template', ''])).toThrow(/--template needs a name/);
    expect(() => parseCliArgs(['--overwrite=yes'])).toThrow(/--overwrite takes no value/);
  });

  it('rejects two directories and an empty one', () => {
    expect(() => parseCliArgs(['a', 'b'])).toThrow(/at most one directory, got 2: a b/);
    expect(() => parseCliArgs(['  '])).toThrow(/directory name is empty/);
  });

  it('throws CliError, never a multi-line node error', () => {
    for (const argv of [['--nope'], ['--template'], ['a', 'b'], ['--list=1']]) {
      let caught: unknown;
      try {
        parseCliArgs(argv);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(CliError);
      expect((caught as Error).message).not.toContain('\n');
    }
  });
});
