import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { styleText } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { useMainInProcess } from '../test/main-in-process.js';
import { addedOnceCopying } from '../test/signals.js';
import { main } from './cli.js';
import { DEFAULT_DIR } from './help.js';

/**
 * main() in this process (test/main-in-process.ts) writing a project: the folder it writes, what
 * it prints next (in a pnpm workspace too, in colour on a terminal that takes it), and what it
 * leaves on a signal while it writes.
 */
describe('create-loop main()', () => {
  const run = useMainInProcess();

  it('writes the template into the folder and prints what to run next', async () => {
    await main(['my-game', '--template', 'canvas2d']);
    const target = join(run.cwd, 'my-game');
    const manifest = run.manifestOf('my-game');
    expect(manifest.name).toBe('my-game');
    expect(manifest.dependencies['@loop/core']).toMatch(/^\^\d+\.\d+\.\d+$/);
    expect(existsSync(join(target, '.gitignore'))).toBe(true);
    expect(run.printed[0]).toBe(`Scaffolding canvas2d in ${target} ...`);
    expect(run.printed[1]).toMatch(/^Done\. \d+ files, package "my-game"\. Now run:\n$/);
    expect(run.printed.slice(2)).toEqual(['  cd my-game', '  npm install', '  npm run dev', '']);
  });

  it('writes into the default folder, and names the package after a folder npm would refuse', async () => {
    await main(['-t', 'canvas2d', '--no-interactive']);
    expect(existsSync(join(run.cwd, DEFAULT_DIR, 'package.json'))).toBe(true);
    run.printed = [];
    await main(['My Game', '-t', 'canvas2d']);
    const manifest = run.manifestOf('My Game');
    expect(manifest.name).toBe('my-game');
    expect(run.printed[0]).toMatch(/^note: package\.json names the project "my-game": "My Game"/);
    expect(run.printed).toContain("  cd 'My Game'");
  });

  it('with --overwrite, says what it removes from a folder that is not empty, and replaces it', async () => {
    mkdirSync(join(run.cwd, 'old'));
    writeFileSync(join(run.cwd, 'old', 'notes.txt'), 'old');
    await main(['old', '-t', 'canvas2d', '--overwrite']);
    expect(run.printed[0]).toBe(`--overwrite: removing from ${join(run.cwd, 'old')}: notes.txt`);
    expect(existsSync(join(run.cwd, 'old', 'notes.txt'))).toBe(false);
    expect(existsSync(join(run.cwd, 'old', 'package.json'))).toBe(true);
  });

  it('in the current folder, prints no cd', async () => {
    await main(['.', '-t', 'canvas2d']);
    expect(existsSync(join(run.cwd, 'package.json'))).toBe(true);
    expect(run.printed.slice(-3)).toEqual(['  npm install', '  npm run dev', '']);
  });

  it('inside a pnpm workspace that holds @loop/core, keeps workspace:^, says so and gives pnpm steps', async () => {
    writeFileSync(join(run.cwd, 'pnpm-workspace.yaml'), 'packages:\n  - packages/*\n  - games/*\n');
    mkdirSync(join(run.cwd, 'packages', 'core'), { recursive: true });
    writeFileSync(join(run.cwd, 'packages', 'core', 'package.json'), '{ "name": "@loop/core" }');
    await main(['games/g', '-t', 'canvas2d']);
    expect(run.manifestOf('games/g').dependencies['@loop/core']).toBe('workspace:^');
    expect(run.printed).toContain(
      `${join(run.cwd, 'games', 'g')} is a package of the pnpm workspace at ${run.cwd}: kept the workspace: specs of @loop/core, so the game builds against the workspace's own copy, beside its other packages. Install and run it with pnpm.`,
    );
    expect(run.printed.slice(-5)).toEqual([
      '  cd games/g',
      '  pnpm install',
      "  pnpm --filter 'g^...' build",
      '  pnpm dev',
      '',
    ]);
  });

  it('colours the template’s name and Done. on a terminal that takes colour', async () => {
    const stdout = process.stdout;
    const saved = ['isTTY', 'hasColors'].map(
      (key) => [key, Object.getOwnPropertyDescriptor(stdout, key)] as const,
    );
    Object.defineProperty(stdout, 'isTTY', { value: true, configurable: true });
    Object.defineProperty(stdout, 'hasColors', { value: () => true, configurable: true });
    let cyan = '';
    let green = '';
    try {
      cyan = styleText('cyan', 'canvas2d');
      green = styleText('green', 'Done.');
      await main(['bright', '-t', 'canvas2d']);
    } finally {
      for (const [key, descriptor] of saved) {
        if (descriptor === undefined) delete (stdout as unknown as Record<string, unknown>)[key];
        else Object.defineProperty(stdout, key, descriptor);
      }
    }
    expect(cyan).not.toBe('canvas2d');
    expect(run.printed[0]).toBe(`Scaffolding ${cyan} in ${join(run.cwd, 'bright')} ...`);
    expect(run.printed[1]!.startsWith(`${green} `)).toBe(true);
  });

  it('on a signal while it writes, removes what it wrote, says nothing was written and exits 128 + its number', async () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const errors: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((text) => {
      errors.push(String(text));
      return true;
    });
    const before = process.listeners('SIGTERM');
    const done = main(['game', '-t', 'canvas2d']);
    // Its listener is there once the copy starts.
    const listeners = await addedOnceCopying('SIGTERM', before, done);
    expect(listeners).toHaveLength(1);
    for (const listener of listeners) listener('SIGTERM');
    // What is left when the process exits, there and then.
    const left = readdirSync(run.cwd);
    await done.catch(() => undefined);
    expect(left).toEqual([]);
    expect(errors).toEqual(['create-loop: cancelled, nothing was written\n']);
    expect(exit.mock.calls).toEqual([[143]]);
  });
});
