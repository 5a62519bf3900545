import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  expectOneLineError,
  fixturePackage,
  run,
  stagingLeftovers,
  startWithCopyHeld,
  tempDir,
  tree,
  useSandbox,
} from './helpers.js';

/**
 * A failed or interrupted run leaves no half-written project: an error midway and a signal
 * mid-copy both remove everything written so far. The error builds its own fixture; the
 * signals arrive while test/hold-copy.mjs holds the copy, so no timing decides the outcome.
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

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    '%s during the copy removes the staging directory (exit %i)',
    async (signal, exit) => {
      // beta copies README.md, _gitignore, package.json (sorted): held after the first two.
      const child = startWithCopyHeld(sandbox.bin, ['game', '-t', 'beta'], {
        cwd: sandbox.work,
        files: 2,
      });
      await child.held;
      // Mid-copy: a hidden staging directory beside the target holds what was copied so far, and
      // the target does not exist yet.
      const staging = stagingLeftovers(sandbox.work);
      expect(staging).toHaveLength(1);
      expect(staging[0]!.startsWith('.')).toBe(true);
      expect(tree(join(sandbox.work, staging[0]!))).toEqual(['.gitignore', 'README.md']);
      expect(existsSync(join(sandbox.work, 'game'))).toBe(false);
      child.kill(signal);
      const result = await child.result;
      expect(result.code).toBe(exit);
      expect(result.stderr).toBe('create-loop: cancelled, nothing was written\n');
      expect(readdirSync(sandbox.work)).toEqual([]);
    },
  );
});
