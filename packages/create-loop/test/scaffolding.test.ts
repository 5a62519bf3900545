import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  expectOneLineError,
  filesContaining,
  PKG_DIR,
  run,
  stagingLeftovers,
  tree,
  useSandbox,
} from './helpers.js';

/** Scaffolding the fixture templates: targets, --overwrite, and the next steps it prints. */

const sandbox = useSandbox();

describe('scaffolding', () => {
  it('copies the template, renames _gitignore and rewrites every workspace: spec', async () => {
    const result = await run(sandbox.bin, ['my-game', '--template', 'alpha'], {
      cwd: sandbox.work,
    });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const dir = join(sandbox.work, 'my-game');
    expect(tree(dir)).toEqual(['.gitignore', 'index.html', 'package.json', 'src/main.ts']);
    expect(filesContaining(dir, 'workspace:')).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    expect(manifest.name).toBe('my-game');
    expect(manifest.dependencies).toEqual({ '@loop/core': '^0.1.0', three: '~0.187.0' });
    expect(manifest.devDependencies).toEqual({ '@loop/fixture-tools': '~1.2.3', vite: '~8.3.8' });
    expect(manifest.peerDependencies).toEqual({ '@loop/core': '0.1.0' });
    expect(manifest.optionalDependencies).toEqual({ '@loop/fixture-tools': '^1.0.0' });
    expect(readdirSync(sandbox.work)).toEqual(['my-game']);
  });

  it('uses loop-game when no directory is given', async () => {
    const result = await run(sandbox.bin, ['-t', 'beta'], { cwd: sandbox.work });
    expect(result.code).toBe(0);
    expect(tree(join(sandbox.work, 'loop-game'))).toEqual([
      '.gitignore',
      'README.md',
      'package.json',
    ]);
  });

  it('takes an absolute path with spaces and derives a valid package name', async () => {
    const target = join(sandbox.work, 'deep dir', 'My Game!');
    const result = await run(sandbox.bin, [target, '-t', 'alpha'], { cwd: PKG_DIR });
    expect(result.code).toBe(0);
    expect(JSON.parse(readFileSync(join(target, 'package.json'), 'utf8')).name).toBe('my-game');
    // Outside the cwd, cd gets the absolute path, quoted for the shell.
    expect(result.stdout).toContain(`cd '${target}'`);
    expect(stagingLeftovers(join(sandbox.work, 'deep dir'))).toEqual([]);
  });

  it('takes a relative path with spaces', async () => {
    const result = await run(sandbox.bin, ['sub dir/Jeu été', '-t', 'beta'], { cwd: sandbox.work });
    expect(result.code).toBe(0);
    expect(
      JSON.parse(readFileSync(join(sandbox.work, 'sub dir/Jeu été/package.json'), 'utf8')).name,
    ).toBe('jeu-ete');
    expect(result.stdout).toContain("cd 'sub dir/Jeu été'");
  });

  it('scaffolds into "." when the current directory is empty (or holds only .git)', async () => {
    const cwd = join(sandbox.work, 'Space Shooter');
    mkdirSync(join(cwd, '.git'), { recursive: true });
    const result = await run(sandbox.bin, ['.', '-t', 'beta'], { cwd });
    expect(result.code).toBe(0);
    expect(readdirSync(cwd).sort()).toEqual(['.git', '.gitignore', 'README.md', 'package.json']);
    expect(JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')).name).toBe('space-shooter');
    expect(result.stdout).not.toContain('cd ');
    expect(stagingLeftovers(sandbox.work)).toEqual([]);
  });

  it('refuses a non-empty directory without --overwrite and changes nothing', async () => {
    const dir = join(sandbox.work, 'game');
    mkdirSync(dir);
    writeFileSync(join(dir, 'package.json'), '{"name":"mine"}');
    const result = await run(sandbox.bin, ['game', '-t', 'alpha'], { cwd: sandbox.work });
    expectOneLineError(result, /is not empty; pass --overwrite/);
    expect(readdirSync(dir)).toEqual(['package.json']);
    expect(readFileSync(join(dir, 'package.json'), 'utf8')).toBe('{"name":"mine"}');
    expect(readdirSync(sandbox.work)).toEqual(['game']);
  });

  it('refuses "." when the current directory is not empty', async () => {
    writeFileSync(join(sandbox.work, 'notes.txt'), 'mine');
    expectOneLineError(
      await run(sandbox.bin, ['.', '-t', 'beta'], { cwd: sandbox.work }),
      /is not empty/,
    );
    expect(readdirSync(sandbox.work)).toEqual(['notes.txt']);
  });

  it('--overwrite replaces the contents but keeps .git', async () => {
    const dir = join(sandbox.work, 'game');
    mkdirSync(join(dir, '.git'), { recursive: true });
    mkdirSync(join(dir, 'old'));
    writeFileSync(join(dir, 'old/file.txt'), 'old');
    writeFileSync(join(dir, 'package.json'), '{"name":"mine"}');
    const result = await run(sandbox.bin, ['game', '-t', 'beta', '--overwrite'], {
      cwd: sandbox.work,
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`--overwrite: removing from ${dir}: old, package.json\n`);
    expect(readdirSync(dir).sort()).toEqual(['.git', '.gitignore', 'README.md', 'package.json']);
    expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name).toBe('game');
    expect(stagingLeftovers(sandbox.work)).toEqual([]);
  });

  it('--overwrite refuses a directory the current one is inside, and removes nothing', async () => {
    const cwd = join(sandbox.work, 'game', 'src');
    mkdirSync(cwd, { recursive: true });
    writeFileSync(join(sandbox.work, 'game', 'main.ts'), 'mine');
    const result = await run(sandbox.bin, ['../../game', '-t', 'beta', '--overwrite'], { cwd });
    expectOneLineError(result, /refusing to overwrite .*game: the current directory is inside it/);
    expect(readdirSync(join(sandbox.work, 'game')).sort()).toEqual(['main.ts', 'src']);
  });

  it('follows a symbolic link to a directory and scaffolds into that directory', async () => {
    const real = join(sandbox.work, 'projects', 'game');
    mkdirSync(real, { recursive: true });
    symlinkSync(real, join(sandbox.work, 'game'), 'dir');
    const result = await run(sandbox.bin, ['game', '-t', 'beta'], { cwd: sandbox.work });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Scaffolding beta in ${real} ...`);
    expect(readdirSync(real).sort()).toEqual(['.gitignore', 'README.md', 'package.json']);
    expect(lstatSync(join(sandbox.work, 'game')).isSymbolicLink()).toBe(true);
    expect(stagingLeftovers(join(sandbox.work, 'projects'))).toEqual([]);
  });

  it('--overwrite on "." works in the current directory', async () => {
    writeFileSync(join(sandbox.work, 'old.txt'), 'old');
    const result = await run(sandbox.bin, ['.', '-t', 'beta', '--overwrite'], {
      cwd: sandbox.work,
    });
    expect(result.code).toBe(0);
    expect(readdirSync(sandbox.work).sort()).toEqual(['.gitignore', 'README.md', 'package.json']);
  });
});

describe('next steps, and the README, for the package manager that ran create-loop', () => {
  it.each([
    [undefined, ['cd game', 'npm install', 'npm run dev']],
    [
      'npm/11.6.2 node/v20.20.2 linux x64 workspaces/false',
      ['cd game', 'npm install', 'npm run dev'],
    ],
    ['pnpm/10.34.9 npm/? node/v20.20.2 linux x64', ['cd game', 'pnpm install', 'pnpm dev']],
    ['yarn/1.22.22 npm/? node/v20.20.2 linux x64', ['cd game', 'yarn', 'yarn dev']],
    ['bun/1.1.38 npm/? node/v22.6.0 linux x64', ['cd game', 'bun install', 'bun run dev']],
  ])('user agent %s', async (agent, steps) => {
    const result = await run(sandbox.bin, ['game', '-t', 'beta'], {
      cwd: sandbox.work,
      env: { npm_config_user_agent: agent },
    });
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n').map((l) => l.trim());
    const at = lines.indexOf(steps[0]!);
    expect(lines.slice(at, at + steps.length)).toEqual(steps);
    // The fixture README says `npm install`, `npm run dev -- --host` and `npm test`.
    const readme = readFileSync(join(sandbox.work, 'game', 'README.md'), 'utf8');
    const [install, dev] = steps.slice(1);
    const test = dev!.replace(/dev$/, 'test').replace('npm run test', 'npm test');
    const host = dev!.startsWith('npm ') ? `${dev} -- --host` : `${dev} --host`;
    expect(readme).toBe(`# beta\n\n\`\`\`sh\n${install}\n${host}\n${test}\n\`\`\`\n`);
  });
});
