import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import {
  expectOneLineError,
  fixturePackage,
  run,
  stagingLeftovers,
  start,
  tempDir,
  useSandbox,
} from './helpers.js';

/**
 * A failed or interrupted run leaves no half-written project: an error midway and a signal
 * mid-copy both remove everything written so far. These build their own, bigger fixtures.
 */

const sandbox = useSandbox();

describe('no half-written project', () => {
  it('an error midway (a FIFO in the template) removes everything it wrote', async () => {
    const pkg = tempDir('create-loop-fifo-');
    try {
      const fifoBin = fixturePackage(pkg, (templates) => {
        // Sorted copy order: a-*.txt are written first, then the pipe fails the copy.
        for (let i = 0; i < 20; i++) writeFileSync(join(templates, 'beta', `a-${i}.txt`), 'x');
        execFileSync('mkfifo', [join(templates, 'beta', 'b-pipe')]);
      });
      const result = await run(fifoBin, ['new-parent/game', '-t', 'beta'], { cwd: sandbox.work });
      expectOneLineError(result, /b-pipe: only regular files and directories are allowed/);
      expect(result.code).toBe(1);
      expect(readdirSync(sandbox.work)).toEqual([]);
    } finally {
      rmSync(pkg, { recursive: true, force: true });
    }
  });

  it.each(['SIGINT', 'SIGTERM'] as const)(
    '%s during the copy removes the staging directory',
    async (signal) => {
      const pkg = tempDir('create-loop-big-');
      try {
        const bigBin = fixturePackage(pkg, (templates) => {
          const many = join(templates, 'beta', 'many');
          mkdirSync(many);
          for (let i = 0; i < 4000; i++)
            writeFileSync(join(many, `f${String(i).padStart(4, '0')}.txt`), 'x');
        });
        const child = start(bigBin, ['game', '-t', 'beta'], { cwd: sandbox.work });
        child.stdin?.end();
        let stdout = '';
        child.stdout?.on('data', (d: string) => {
          stdout += d;
        });
        while (!stdout.includes('Scaffolding')) await sleep(2);
        // Freeze the child mid-copy and prove it: the staging directory exists, the target not.
        const midCopy = () => {
          const staging = stagingLeftovers(sandbox.work);
          return staging.length === 1 && readdirSync(join(sandbox.work, staging[0]!)).length > 0;
        };
        for (let attempt = 0; attempt < 200; attempt++) {
          child.kill('SIGSTOP');
          if (midCopy() || existsSync(join(sandbox.work, 'game'))) break;
          child.kill('SIGCONT');
          await sleep(2);
        }
        expect(midCopy(), 'the copy finished before it could be interrupted').toBe(true);
        expect(existsSync(join(sandbox.work, 'game'))).toBe(false);
        child.kill(signal);
        child.kill('SIGCONT');
        const result = await child.result;
        expect(result.code).toBe(signal === 'SIGINT' ? 130 : 143);
        expect(result.stderr).toBe('create-loop: cancelled, nothing was written\n');
        expect(readdirSync(sandbox.work)).toEqual([]);
      } finally {
        rmSync(pkg, { recursive: true, force: true });
      }
    },
  );
});
