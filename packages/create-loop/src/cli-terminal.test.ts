import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useMainInProcess } from '../test/main-in-process.js';
import { DOWN, ENTER, terminal } from '../test/terminal.js';
import { main } from './cli.js';
import { CancelledError, CliError } from './errors.js';

/**
 * main() in this process (test/main-in-process.ts) at a terminal: what it asks for and what it
 * does not, a folder checked before any question, and overwriting as the user chose.
 */
describe('create-loop main()', () => {
  const run = useMainInProcess();

  describe('at a terminal', () => {
    let term: ReturnType<typeof terminal> | undefined;
    afterEach(() => {
      term?.restore();
      term = undefined;
    });

    it('asks for the folder or the template the command line left out', async () => {
      term = terminal([{ prompt: 'Project directory:', keys: [...'asked', ENTER] }], { tty: true });
      await main(['-t', 'canvas2d']);
      expect(run.manifestOf('asked').name).toBe('asked');
      expect(term.left()).toEqual([]);
      term.restore();
      term = terminal([{ prompt: 'Template:', keys: [ENTER] }], { tty: true });
      await main(['second']);
      expect(run.manifestOf('second').name).toBe('second');
      expect(term.left()).toEqual([]);
    });

    it('asks nothing when the command line gave the folder and the template', async () => {
      term = terminal([], { tty: true });
      await main(['given', '-t', 'canvas2d']);
      expect(run.manifestOf('given').name).toBe('given');
      expect(term.drawn()).toBe('');
    });

    it('checks a folder given on the command line before asking anything', async () => {
      writeFileSync(join(run.cwd, 'taken'), 'a file');
      term = terminal([{ prompt: 'Template:', keys: [ENTER] }], { tty: true });
      await expect(main(['taken'])).rejects.toThrow(
        new CliError(`${join(run.cwd, 'taken')} exists and is not a directory`),
      );
      expect(term.drawn()).toBe('');
    });

    it('replaces a folder the user chose to overwrite at the prompt, saying what goes, asking no more', async () => {
      mkdirSync(join(run.cwd, 'full'));
      writeFileSync(join(run.cwd, 'full', 'notes.txt'), 'mine');
      term = terminal(
        [
          { prompt: 'Project directory:', keys: [...'full', ENTER] },
          { prompt: 'What now?', keys: [DOWN, ENTER] },
          { prompt: 'Go on?', keys: ['y', ENTER] },
        ],
        { tty: true },
      );
      await main(['-t', 'canvas2d']);
      expect(term.left()).toEqual(['Go on?']);
      expect(run.printed[0]).toBe(`Overwriting: removing from ${join(run.cwd, 'full')}: notes.txt`);
      expect(existsSync(join(run.cwd, 'full', 'notes.txt'))).toBe(false);
      expect(run.manifestOf('full').name).toBe('full');
    });

    it('asks before --overwrite removes anything, and removes nothing on no', async () => {
      mkdirSync(join(run.cwd, 'full'));
      writeFileSync(join(run.cwd, 'full', 'notes.txt'), 'mine');
      term = terminal([{ prompt: 'Go on?', keys: [ENTER] }], { tty: true });
      await expect(main(['full', '-t', 'canvas2d', '--overwrite'])).rejects.toBeInstanceOf(
        CancelledError,
      );
      expect(readFileSync(join(run.cwd, 'full', 'notes.txt'), 'utf8')).toBe('mine');
      term.restore();
      term = terminal(
        [
          { prompt: 'Template:', keys: [ENTER] },
          { prompt: 'Go on?', keys: ['y', ENTER] },
        ],
        { tty: true },
      );
      await main(['full', '--overwrite']);
      expect(term.left()).toEqual([]);
      expect(existsSync(join(run.cwd, 'full', 'notes.txt'))).toBe(false);
      expect(run.printed.join('\n')).not.toMatch(/removing from/);
    });
  });
});
