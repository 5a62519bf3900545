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
      new CliError('unknown option --tempalte; did you mean --template?'),
    );
    expect(() => parseCliArgs(['--Overwrite'])).toThrow(/did you mean --overwrite\?/);
    expect(() => parseCliArgs(['--force'])).toThrow(
      new CliError('unknown option --force (see --help)'),
    );
    expect(() => parseCliArgs(['-x'])).toThrow(new CliError('unknown option -x (see --help)'));
  });

  it('rejects a flag given twice instead of keeping the last', () => {
    expect(() => parseCliArgs(['-t', 'three', '--template', 'mobile'])).toThrow(
      new CliError('--template is given twice; pass it once'),
    );
    expect(() => parseCliArgs(['--template=three', '-t', 'three'])).toThrow(/given twice/);
    expect(() => parseCliArgs(['game', '--overwrite', '--overwrite'])).toThrow(
      /--overwrite is given twice/,
    );
  });

  it('rejects a --template without a name, and values on boolean flags', () => {
    expect(() => parseCliArgs(['--template'])).toThrow(/--template needs a name/);
    expect(() => parseCliArgs(['--template', ''])).toThrow(/--template needs a name/);
    expect(() => parseCliArgs(['-t', '  '])).toThrow(
      new CliError('--template needs a name (see --list)'),
    );
    expect(() => parseCliArgs(['--overwrite=yes'])).toThrow(/--overwrite takes no value/);
  });

  it('trims the spaces around a template’s name', () => {
    expect(parseCliArgs(['-t', ' three ']).template).toBe('three');
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

/** What npm 11 passes to create-loop for `npm create loop <words> <flags>` without `--`. */
const NPM = { npm_config_user_agent: 'npm/11.19.1 node/v20.20.2 linux x64 workspaces/false' };

describe('parseCliArgs: flags npm kept for itself (npm create without --)', () => {
  it('names the flags and gives the command that works, with the words typed', () => {
    // npm create loop my-game --template three
    expect(() =>
      parseCliArgs(['my-game', 'three'], { ...NPM, npm_config_template: 'true' }),
    ).toThrow(
      new CliError(
        "npm kept --template for itself: npm create needs -- before create-loop's flags, as in: npm create loop@latest my-game -- --template three",
      ),
    );
    // npm create loop my-game -t three --overwrite
    expect(() =>
      parseCliArgs(['my-game', 'three'], {
        ...NPM,
        npm_config_t: 'true',
        npm_config_overwrite: 'true',
      }),
    ).toThrow(
      /kept --template --overwrite .* npm create loop@latest my-game -- --template three --overwrite$/,
    );
    // npm create loop --template=three --no-interactive
    expect(() =>
      parseCliArgs([], { ...NPM, npm_config_template: 'three', npm_config_interactive: '' }),
    ).toThrow(/as in: npm create loop@latest -- --template three --no-interactive$/);
    // npm create loop --template (the name, if any, taken as npm's own)
    expect(() => parseCliArgs([], { ...NPM, npm_config_template: 'true' })).toThrow(
      /as in: npm create loop@latest -- --template <name>$/,
    );
    // npm create loop my-game --list
    expect(() => parseCliArgs(['my-game'], { ...NPM, npm_config_list: 'true' })).toThrow(
      /kept --list .* npm create loop@latest my-game -- --list$/,
    );
  });

  it('says nothing when the flags did arrive, or when npm did not run us', () => {
    const kept = { npm_config_template: 'true', npm_config_overwrite: 'true' };
    expect(
      parseCliArgs(['my-game', '-t', 'three', '--overwrite'], { ...NPM, ...kept }),
    ).toMatchObject({ targetDir: 'my-game', template: 'three', overwrite: true });
    // pnpm and yarn pass every flag on; a leftover variable from elsewhere is not npm's doing.
    const pnpm = { npm_config_user_agent: 'pnpm/10.34.9 npm/? node/v20.20.2 linux x64' };
    expect(() => parseCliArgs(['my-game', 'three'], { ...pnpm, ...kept })).toThrow(
      /at most one directory, got 2/,
    );
    expect(parseCliArgs(['my-game'], kept).targetDir).toBe('my-game');
  });
});
