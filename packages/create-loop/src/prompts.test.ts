import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CTRL_C, DOWN, ENTER, terminal } from '../test/terminal.js';
import { CancelledError, EXIT_CANCELLED } from './errors.js';
import { ask, confirmRemoval } from './prompts.js';
import type { TemplateInfo } from './templates.js';

const templates: TemplateInfo[] = [
  { name: 'canvas2d', description: 'Canvas 2D, no dependencies', dir: '/t/canvas2d' },
  { name: 'three', dir: '/t/three' },
] as TemplateInfo[];

describe('ask() and confirmRemoval() at a terminal', () => {
  let cwd: string;
  let term: ReturnType<typeof terminal> | undefined;
  beforeEach(() => {
    cwd = mkdtempSync(join(tmpdir(), 'create-loop-prompts-'));
  });
  afterEach(() => {
    term?.restore();
    term = undefined;
    rmSync(cwd, { recursive: true, force: true });
  });

  it('asks for the directory, then the template, with the hints', async () => {
    term = terminal([
      { prompt: 'Project directory:', keys: ['m', 'y', '-', 'g', 'a', 'm', 'e', ENTER] },
      { prompt: 'Template:', keys: [DOWN, ENTER] },
    ]);
    const answers = await ask({
      dir: undefined,
      template: undefined,
      templates,
      overwrite: false,
      cwd,
    });
    expect(answers).toEqual({ dir: 'my-game', template: templates[1], overwrite: false });
    expect(term.drawn()).toContain('create-loop');
    expect(term.drawn()).toContain('Canvas 2D, no dependencies');
    expect(term.left()).toEqual([]);
  });

  it('takes the default folder for an empty answer and keeps --overwrite as given', async () => {
    term = terminal([
      { prompt: 'Project directory:', keys: [ENTER] },
      { prompt: 'Template:', keys: [ENTER] },
    ]);
    const answers = await ask({
      dir: undefined,
      template: undefined,
      templates,
      overwrite: true,
      cwd,
    });
    expect(answers).toEqual({ dir: 'loop-game', template: templates[0], overwrite: true });
  });

  it('shows why a name is refused and takes the corrected one', async () => {
    writeFileSync(join(cwd, 'afile'), 'x');
    term = terminal([
      { prompt: 'Project directory:', keys: [...'node_modules', ENTER] },
      {
        prompt: '"node_modules" is where packages are installed',
        keys: [...'\u007f'.repeat(12), ...'afile', ENTER],
      },
      { prompt: 'exists and is not a directory', keys: ['2', ENTER] },
    ]);
    const answers = await ask({
      dir: undefined,
      template: templates[1],
      templates,
      overwrite: false,
      cwd,
    });
    expect(answers).toEqual({ dir: 'afile2', template: templates[1], overwrite: false });
    expect(term.left()).toEqual([]);
    expect(term.drawn()).not.toContain('Template:');
  });

  it('offers another folder, overwrite or cancel for a folder that is not empty', async () => {
    mkdirSync(join(cwd, 'full'));
    writeFileSync(join(cwd, 'full', 'a.txt'), 'a');
    writeFileSync(join(cwd, 'full', 'b.txt'), 'b');
    term = terminal([
      { prompt: 'Project directory:', keys: [...'full', ENTER] },
      { prompt: 'What now?', keys: [ENTER] },
      { prompt: 'Project directory:', keys: [...'full', ENTER] },
      { prompt: 'What now?', keys: [DOWN, ENTER] },
    ]);
    const answers = await ask({
      dir: undefined,
      template: templates[0],
      templates,
      overwrite: false,
      cwd,
    });
    expect(answers).toEqual({ dir: 'full', template: templates[0], overwrite: true });
    expect(term.left()).toEqual([]);
    expect(term.drawn()).toContain(`${join(cwd, 'full')} is not empty (a.txt, b.txt). What now?`);
    expect(term.drawn()).toContain('Pick another folder');
    expect(term.drawn()).toContain('removes all of the above; keeps .git');
    expect(term.drawn()).toContain('Overwrite it');
    expect(term.drawn()).toContain('Cancel');
  });

  it('cancels from the choice for a folder that is not empty, and on Ctrl-C', async () => {
    mkdirSync(join(cwd, 'full'));
    writeFileSync(join(cwd, 'full', 'a.txt'), 'a');
    term = terminal([
      { prompt: 'Project directory:', keys: [...'full', ENTER] },
      { prompt: 'What now?', keys: [DOWN, DOWN, ENTER] },
    ]);
    const before = process.listenerCount('SIGINT');
    await expect(
      ask({ dir: undefined, template: templates[0], templates, overwrite: false, cwd }),
    ).rejects.toBeInstanceOf(CancelledError);
    expect(process.listenerCount('SIGINT')).toBe(before);
    term.restore();
    term = terminal([{ prompt: 'Template:', keys: [CTRL_C] }]);
    await expect(
      ask({ dir: 'x', template: undefined, templates, overwrite: false, cwd }),
    ).rejects.toBeInstanceOf(CancelledError);
    term.restore();
    term = terminal([{ prompt: 'Project directory:', keys: [CTRL_C] }]);
    await expect(
      ask({ dir: undefined, template: templates[0], templates, overwrite: false, cwd }),
    ).rejects.toBeInstanceOf(CancelledError);
  });

  it('trims the folder typed, and takes blanks as the default', async () => {
    term = terminal([
      { prompt: 'Project directory:', keys: [...'  my-game ', ENTER] },
      { prompt: 'Template:', keys: [ENTER] },
    ]);
    const ask1 = await ask({
      dir: undefined,
      template: undefined,
      templates,
      overwrite: false,
      cwd,
    });
    expect(ask1.dir).toBe('my-game');
    term.restore();
    term = terminal([{ prompt: 'Project directory:', keys: [...'   ', ENTER] }]);
    const ask2 = await ask({
      dir: undefined,
      template: templates[0],
      templates,
      overwrite: false,
      cwd,
    });
    expect(ask2.dir).toBe('loop-game');
  });

  it('on a SIGINT sent by kill while asking, says nothing was written and exits 130', async () => {
    const before = process.listeners('SIGINT');
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    term = terminal([]);
    const answers = ask({
      dir: undefined,
      template: templates[0],
      templates,
      overwrite: false,
      cwd,
    });
    await vi.waitFor(() => expect(term?.drawn()).toContain('Project directory:'));
    const listeners = process.listeners('SIGINT').filter((l) => !before.includes(l));
    expect(listeners).toHaveLength(1);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    listeners[0]!('SIGINT');
    const written = stderr.mock.calls.map(([text]) => text);
    const codes = exit.mock.calls.map(([code]) => code);
    stderr.mockRestore();
    exit.mockRestore();
    expect(written).toEqual(['create-loop: cancelled, nothing was written\n']);
    expect(codes).toEqual([EXIT_CANCELLED]);
    term.type(CTRL_C);
    await expect(answers).rejects.toBeInstanceOf(CancelledError);
    expect(process.listeners('SIGINT')).toEqual(before);
  });

  it('asks nothing that the command line gave', async () => {
    term = terminal([]);
    const answers = await ask({
      dir: 'given',
      template: templates[1],
      templates,
      overwrite: false,
      cwd,
    });
    expect(answers).toEqual({ dir: 'given', template: templates[1], overwrite: false });
    expect(term.drawn()).not.toContain('Project directory:');
    expect(term.drawn()).not.toContain('Template:');
  });

  it('confirmRemoval goes on only on yes, naming what goes', async () => {
    term = terminal([{ prompt: 'Go on?', keys: [ENTER] }]);
    await expect(confirmRemoval('/x/game', ['a.txt', 'src'])).rejects.toBeInstanceOf(
      CancelledError,
    );
    expect(term.drawn()).toContain('--overwrite removes from /x/game: a.txt, src. Go on?');
    term.restore();
    term = terminal([{ prompt: 'Go on?', keys: ['y', ENTER] }]);
    await expect(confirmRemoval('/x/game', ['a.txt'])).resolves.toBeUndefined();
    term.restore();
    term = terminal([{ prompt: 'Go on?', keys: [CTRL_C] }]);
    await expect(confirmRemoval('/x/game', ['a.txt'])).rejects.toBeInstanceOf(CancelledError);
  });
});
