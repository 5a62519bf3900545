import { type ChildProcess, spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFailed, onTestFinished } from 'vitest';
import { shellQuote } from '../src/next-steps.js';
import { cliEnv, stripAnsi, useSandbox } from './helpers.js';

/**
 * The prompts need a real terminal. `script` (util-linux) runs the CLI on a pseudo-terminal;
 * we type into it through script's stdin and read the screen from its stdout.
 */

const sandbox = useSandbox('create-loop-tty-');

interface Terminal {
  child: ChildProcess;
  screen: () => string;
  /** Settles as soon as the screen matches; rejects, with the screen, if the CLI exits first. */
  waitFor: (pattern: RegExp) => Promise<void>;
  type: (keys: string) => void;
  exit: Promise<number | null>;
}

/**
 * Runs the CLI on a pseudo-terminal. Everything waits on events (output, exit), never on a
 * clock: a slow machine only makes the test take longer, up to the test's own timeout, and a
 * failed test prints the screen and ends the process.
 */
function terminal(args: readonly string[]): Terminal {
  const command = `stty cols 100 rows 30; exec ${[process.execPath, sandbox.bin, ...args].map((a) => shellQuote(a)).join(' ')}`;
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    cwd: sandbox.work,
    env: cliEnv({ TERM: 'xterm-256color', NO_COLOR: '1' }),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let raw = '';
  const output = new EventEmitter();
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8').on('data', (d: string) => {
      raw += d;
      output.emit('change');
    });
  }
  let closed = false;
  const exit = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      closed = true;
      output.emit('change');
      resolve(code);
    }),
  );
  const screen = () => stripAnsi(raw);
  onTestFailed(() => {
    console.error(`screen:\n${screen()}`);
  });
  onTestFinished(() => {
    if (!closed) child.kill('SIGKILL');
  });
  return {
    child,
    screen,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = pattern.test(screen());
          if (!found && !closed) return; // not yet: the next output or the exit calls again
          output.off('change', check);
          if (found) resolve();
          else reject(new Error(`the CLI exited before ${pattern}; screen:\n${screen()}`));
        };
        output.on('change', check);
        check();
      }),
    type(keys) {
      child.stdin.write(keys);
    },
    exit,
  };
}

/** The PID of the node process that `script` runs (its only child, thanks to `exec`). */
function cliPid(scriptPid: number): number {
  const children = readFileSync(`/proc/${scriptPid}/task/${scriptPid}/children`, 'utf8').trim();
  return Number(children.split(/\s+/)[0]);
}

describe('interactive mode (on a pseudo-terminal)', () => {
  it('asks for the directory and the template, then scaffolds', async () => {
    const t = terminal([]);
    await t.waitFor(/Project directory:/);
    t.type('my game\r');
    await t.waitFor(/Template:/);
    expect(t.screen()).toContain('Alpha fixture: workspace deps in every field');
    t.type('\u001b[B\r'); // arrow down to beta, Enter
    expect(await t.exit).toBe(0);
    expect(readdirSync(join(sandbox.work, 'my game')).sort()).toEqual([
      '.gitignore',
      'README.md',
      'package.json',
    ]);
    expect(t.screen()).toContain("cd 'my game'");
  });

  it('asks only for what the command line left out', async () => {
    const t = terminal(['game']);
    await t.waitFor(/Template:/);
    expect(t.screen()).not.toContain('Project directory:');
    t.type('\r');
    expect(await t.exit).toBe(0);
    expect(JSON.parse(readFileSync(join(sandbox.work, 'game/package.json'), 'utf8')).name).toBe(
      'game',
    );
  });

  it('Enter on an empty directory prompt takes loop-game', async () => {
    const t = terminal(['-t', 'beta']);
    await t.waitFor(/Project directory:/);
    t.type('\r');
    expect(await t.exit).toBe(0);
    expect(existsSync(join(sandbox.work, 'loop-game/package.json'))).toBe(true);
  });

  it('Ctrl-C at a prompt exits 130 with a message and writes nothing', async () => {
    const t = terminal([]);
    await t.waitFor(/Project directory:/);
    t.type('game\r');
    await t.waitFor(/Template:/);
    t.type('\u0003');
    expect(await t.exit).toBe(130);
    expect(t.screen()).toContain('create-loop: cancelled, nothing was written');
    expect(readdirSync(sandbox.work)).toEqual([]);
  });

  it('a SIGINT signal during a prompt exits 130 and writes nothing', async () => {
    const t = terminal([]);
    await t.waitFor(/Project directory:/);
    t.type('game');
    await t.waitFor(/│\s+game█/); // the typed text, with the cursor after it (not the placeholder)
    process.kill(cliPid(t.child.pid!), 'SIGINT');
    expect(await t.exit).toBe(130);
    expect(t.screen()).toContain('create-loop: cancelled, nothing was written');
    expect(readdirSync(sandbox.work)).toEqual([]);
  });

  /** A directory `taken` in the sandbox holding one file of the user's. */
  const taken = () => {
    const dir = join(sandbox.work, 'taken');
    mkdirSync(dir);
    writeFileSync(join(dir, 'mine.txt'), 'mine');
    return dir;
  };

  it('a non-empty directory at the prompt offers a choice; Enter picks another folder', async () => {
    const dir = taken();
    const t = terminal(['-t', 'beta']);
    await t.waitFor(/Project directory:/);
    t.type('taken\r');
    await t.waitFor(/taken is not empty \(mine\.txt\)\. What now\?/);
    expect(t.screen()).not.toContain('--overwrite');
    expect(t.screen()).toMatch(/Pick another folder[\s\S]*Overwrite it[\s\S]*Cancel/);
    t.type('\r'); // the default: never overwrite
    await t.waitFor(/What now\?\n│\s+Pick another folder[\s\S]*◆\s+Project directory:/);
    t.type('fresh\r'); // the prompt asks afresh
    expect(await t.exit).toBe(0);
    expect(readdirSync(dir)).toEqual(['mine.txt']);
    expect(readdirSync(sandbox.work).sort()).toEqual(['fresh', 'taken']);
  });

  it('choosing "Overwrite it" at the prompt replaces the contents, without asking twice', async () => {
    const dir = taken();
    const t = terminal(['-t', 'beta']);
    await t.waitFor(/Project directory:/);
    t.type('taken\r');
    await t.waitFor(/What now\?/);
    t.type('\u001b[B\r'); // arrow down to Overwrite it, Enter
    expect(await t.exit).toBe(0);
    expect(t.screen()).not.toContain('Go on?');
    expect(t.screen()).toMatch(/Overwriting: removing from .*taken: mine\.txt/);
    expect(readdirSync(dir).sort()).toEqual(['.gitignore', 'README.md', 'package.json']);
  });

  it('choosing "Cancel" at the prompt exits 130 and changes nothing', async () => {
    const dir = taken();
    const t = terminal(['-t', 'beta']);
    await t.waitFor(/Project directory:/);
    t.type('taken\r');
    await t.waitFor(/What now\?/);
    t.type('\u001b[B\u001b[B\r'); // down twice to Cancel, Enter
    expect(await t.exit).toBe(130);
    expect(t.screen()).toContain('create-loop: cancelled, nothing was written');
    expect(readdirSync(dir)).toEqual(['mine.txt']);
    expect(readdirSync(sandbox.work)).toEqual(['taken']);
  });

  it('the directory prompt refuses a name that makes no folder, and asks again', async () => {
    const t = terminal(['-t', 'beta']);
    await t.waitFor(/Project directory:/);
    t.type('...\r');
    await t.waitFor(/"\.\.\." is only dots/);
    t.type('\u007f\u007f\u007fgame\r');
    expect(await t.exit).toBe(0);
    expect(readdirSync(sandbox.work)).toEqual(['game']);
  });

  it('--overwrite asks before removing, and no keeps everything', async () => {
    const dir = join(sandbox.work, 'game');
    mkdirSync(dir);
    writeFileSync(join(dir, 'mine.txt'), 'mine');
    const t = terminal(['game', '-t', 'beta', '--overwrite']);
    await t.waitFor(/--overwrite removes from .*game: mine\.txt\. Go on\?/);
    t.type('\r'); // the default answer is No
    expect(await t.exit).toBe(130);
    expect(t.screen()).toContain('create-loop: cancelled, nothing was written');
    expect(readdirSync(dir)).toEqual(['mine.txt']);
  });

  it('--overwrite removes what it listed once the user says yes', async () => {
    const dir = join(sandbox.work, 'game');
    mkdirSync(dir);
    writeFileSync(join(dir, 'mine.txt'), 'mine');
    const t = terminal(['game', '-t', 'beta', '--overwrite']);
    await t.waitFor(/Go on\?/);
    t.type('y\r');
    expect(await t.exit).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['.gitignore', 'README.md', 'package.json']);
  });

  it('--no-interactive never prompts, even on a terminal', async () => {
    const t = terminal(['game', '--no-interactive']);
    expect(await t.exit).toBe(1);
    expect(t.screen()).toMatch(/create-loop: no template given/);
    expect(t.screen()).not.toContain('Template:');
    expect(readdirSync(sandbox.work)).toEqual([]);
  });

  it('a non-empty directory given on the command line fails before any prompt', async () => {
    mkdirSync(join(sandbox.work, 'game'));
    writeFileSync(join(sandbox.work, 'game/x'), '');
    const t = terminal(['game']);
    expect(await t.exit).toBe(1);
    expect(t.screen()).toMatch(/create-loop: .*game is not empty/);
    expect(t.screen()).not.toContain('Template:');
  });
});
