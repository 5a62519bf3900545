import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addedOnceCopying } from '../test/signals.js';
import { CliError } from './errors.js';
import { scaffold } from './scaffold.js';

let tmp: string;
let templateDir: string;
beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'create-loop-scaffold-'));
  templateDir = join(tmp, 'template');
  mkdirSync(join(templateDir, 'src'), { recursive: true });
  mkdirSync(join(templateDir, 'node_modules/@loop/core'), { recursive: true });
  writeFileSync(join(templateDir, '_gitignore'), 'node_modules\ndist\n');
  writeFileSync(join(templateDir, 'src/main.ts'), 'export {};\n');
  writeFileSync(
    join(templateDir, 'package.json'),
    JSON.stringify({ name: 'template-x', dependencies: { '@loop/core': 'workspace:^' } }, null, 2),
  );
});
afterEach(() => {
  rmSync(tmp, { recursive: true, force: true });
});

describe('scaffold', () => {
  it('copies, renames _gitignore, renames the package and rewrites workspace deps', async () => {
    const target = join(tmp, 'out/My Game');
    const files = await scaffold({
      templateDir,
      target,
      packageName: 'my-game',
      versions: { '@loop/core': '0.1.0' },
      overwrite: false,
    });
    expect(files).toBe(3);
    expect(readdirSync(target).sort()).toEqual(['.gitignore', 'package.json', 'src']);
    expect(JSON.parse(readFileSync(join(target, 'package.json'), 'utf8'))).toEqual({
      name: 'my-game',
      dependencies: { '@loop/core': '^0.1.0' },
    });
  });

  it('writes the README’s commands for the package manager that ran it, npm’s by default', async () => {
    writeFileSync(join(templateDir, 'README.md'), '```sh\nnpm install\nnpm run dev\n```\n');
    const options = { templateDir, versions: { '@loop/core': '0.1.0' }, overwrite: false };
    await scaffold({
      ...options,
      target: join(tmp, 'p'),
      packageName: 'p',
      packageManager: 'pnpm',
    });
    expect(readFileSync(join(tmp, 'p', 'README.md'), 'utf8')).toBe(
      '```sh\npnpm install\npnpm dev\n```\n',
    );
    await scaffold({ ...options, target: join(tmp, 'n'), packageName: 'n' });
    expect(readFileSync(join(tmp, 'n', 'README.md'), 'utf8')).toBe(
      '```sh\nnpm install\nnpm run dev\n```\n',
    );
  });

  it('with overwrite, removes only the entries the user was shown', async () => {
    const target = join(tmp, 'game');
    mkdirSync(target);
    writeFileSync(join(target, 'shown.txt'), 'shown');
    writeFileSync(join(target, 'new.txt'), 'saved after the list was shown');
    await expect(
      scaffold({
        templateDir,
        target,
        packageName: 'game',
        versions: { '@loop/core': '0.1.0' },
        overwrite: true,
        removing: ['shown.txt'],
      }),
    ).rejects.toThrow(CliError);
    expect(readdirSync(target).sort()).toEqual(['new.txt', 'shown.txt']);
  });

  it('hands a signal during the copy to onInterrupt, with nothing left behind', async () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const before = process.listeners('SIGINT');
    const onInterrupt = vi.fn();
    const target = join(tmp, 'out/game');
    const done = scaffold({
      templateDir,
      target,
      packageName: 'game',
      versions: { '@loop/core': '0.1.0' },
      overwrite: false,
      onInterrupt,
    });
    // Its listener is there once the copy starts.
    const listeners = await addedOnceCopying('SIGINT', before, done);
    expect(listeners).toHaveLength(1);
    for (const listener of listeners) listener('SIGINT');
    // What is left when onInterrupt ends the process, there and then.
    const left = readdirSync(tmp);
    await done.catch(() => undefined);
    expect(left).toEqual(['template']);
    expect(onInterrupt).toHaveBeenCalledWith('SIGINT');
    expect(exit).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('writes nothing when the package.json cannot be rewritten', async () => {
    const target = join(tmp, 'game');
    await expect(
      scaffold({ templateDir, target, packageName: 'game', versions: {}, overwrite: false }),
    ).rejects.toThrow(/@loop\/core/);
    expect(readdirSync(tmp)).toEqual(['template']);
  });
});
