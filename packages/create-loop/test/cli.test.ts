import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STAGING_PREFIX } from '../src/staging.js';
import {
  filesContaining,
  fixturePackage,
  PKG_DIR,
  type RunResult,
  run,
  start,
  tempDir,
  tree,
} from './helpers.js';

let root: string;
let bin: string;
let work: string;

beforeAll(() => {
  root = tempDir('create-loop-pkg-');
  bin = fixturePackage(root);
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});
beforeEach((context) => {
  work = tempDir('create-loop-work-');
  context.onTestFinished(() => rmSync(work, { recursive: true, force: true }));
});

/** An error run: non-zero, exactly one line on stderr, no stack trace. */
function expectOneLineError(result: RunResult, pattern: RegExp): void {
  expect(result.code).not.toBe(0);
  expect(result.stderr).toMatch(/^create-loop: .+\n$/);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect(result.stderr).toMatch(pattern);
}

function stagingLeftovers(dir: string): string[] {
  return readdirSync(dir).filter((name) => name.startsWith(STAGING_PREFIX));
}

describe('information flags', () => {
  it('--help and -h document every flag and the no-TTY behaviour', async () => {
    for (const flag of ['--help', '-h']) {
      const { code, stdout, stderr } = await run(bin, [flag], { cwd: work });
      expect(code).toBe(0);
      expect(stderr).toBe('');
      for (const text of [
        'Usage: create-loop [dir]',
        '--template',
        '--overwrite',
        '--no-interactive',
        '--list',
        '--version',
      ]) {
        expect(stdout).toContain(text);
      }
      expect(stdout).toContain('the template: alpha, beta');
      expect(stdout).toMatch(/--template is required/);
    }
  });

  it('--version and -v print the package version', async () => {
    const { version } = JSON.parse(readFileSync(join(PKG_DIR, 'package.json'), 'utf8'));
    for (const flag of ['--version', '-v']) {
      expect(await run(bin, [flag], { cwd: work })).toMatchObject({
        code: 0,
        stdout: `${version}\n`,
      });
    }
  });

  it('--list prints one template per line with its description', async () => {
    const { code, stdout } = await run(bin, ['--list'], { cwd: work });
    expect(code).toBe(0);
    expect(stdout).toBe('alpha  Alpha fixture: workspace deps in every field\nbeta\n');
  });

  it('the real build lists exactly the monorepo templates', async () => {
    const real = join(PKG_DIR, '..', '..', 'templates');
    const expected = existsSync(real)
      ? readdirSync(real)
          .filter((n) => existsSync(join(real, n, 'package.json')))
          .sort()
      : [];
    const { code, stdout } = await run(join(PKG_DIR, 'dist', 'index.js'), ['--list'], {
      cwd: work,
    });
    expect(code).toBe(0);
    expect(
      stdout
        .trim()
        .split('\n')
        .map((line) => line.split(/\s+/)[0]),
    ).toEqual(expected);
  });
});

describe('errors', () => {
  it('an unknown option is one line and exit 1', async () => {
    const result = await run(bin, ['--tempalte', 'alpha'], { cwd: work });
    expectOneLineError(result, /unknown option --tempalte/);
    expect(result.code).toBe(1);
    expect(readdirSync(work)).toEqual([]);
  });

  it('an unknown template fails and lists the valid ones', async () => {
    const result = await run(bin, ['game', '--template', 'gamma'], { cwd: work });
    expectOneLineError(result, /unknown template "gamma"; valid templates: alpha, beta/);
    expect(readdirSync(work)).toEqual([]);
  });

  it('no template without a TTY is an error that lists the templates (stdin piped)', async () => {
    const result = await run(bin, ['game'], { cwd: work });
    expectOneLineError(result, /no template given.*--template <name>, one of: alpha, beta/);
    expect(readdirSync(work)).toEqual([]);
  });

  it('no template with --no-interactive is the same error', async () => {
    const result = await run(bin, ['game', '--no-interactive'], { cwd: work });
    expectOneLineError(result, /no template given/);
  });

  it('a file where the directory should go is refused', async () => {
    writeFileSync(join(work, 'game'), 'a file');
    const result = await run(bin, ['game', '-t', 'alpha'], { cwd: work });
    expectOneLineError(result, /exists and is not a directory/);
    expect(readFileSync(join(work, 'game'), 'utf8')).toBe('a file');
  });

  it('a package root without templates says it was not built', async () => {
    const empty = tempDir('create-loop-empty-');
    try {
      const emptyBin = fixturePackage(empty, (templates) => rmSync(templates, { recursive: true }));
      expectOneLineError(
        await run(emptyBin, ['x', '-t', 'alpha'], { cwd: work }),
        /no templates in/,
      );
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('scaffolding', () => {
  it('copies the template, renames _gitignore and rewrites every workspace: spec', async () => {
    const result = await run(bin, ['my-game', '--template', 'alpha'], { cwd: work });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const dir = join(work, 'my-game');
    expect(tree(dir)).toEqual(['.gitignore', 'index.html', 'package.json', 'src/main.ts']);
    expect(filesContaining(dir, 'workspace:')).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    expect(manifest.name).toBe('my-game');
    expect(manifest.dependencies).toEqual({ '@loop/core': '^0.1.0', three: '~0.187.0' });
    expect(manifest.devDependencies).toEqual({ '@loop/fixture-tools': '~1.2.3', vite: '~8.3.8' });
    expect(manifest.peerDependencies).toEqual({ '@loop/core': '0.1.0' });
    expect(manifest.optionalDependencies).toEqual({ '@loop/fixture-tools': '^1.0.0' });
    expect(readdirSync(work)).toEqual(['my-game']);
  });

  it('uses loop-game when no directory is given', async () => {
    const result = await run(bin, ['-t', 'beta'], { cwd: work });
    expect(result.code).toBe(0);
    expect(tree(join(work, 'loop-game'))).toEqual(['.gitignore', 'README.md', 'package.json']);
  });

  it('takes an absolute path with spaces and derives a valid package name', async () => {
    const target = join(work, 'deep dir', 'My Game!');
    const result = await run(bin, [target, '-t', 'alpha'], { cwd: PKG_DIR });
    expect(result.code).toBe(0);
    expect(JSON.parse(readFileSync(join(target, 'package.json'), 'utf8')).name).toBe('my-game');
    // Outside the cwd, cd gets the absolute path, quoted for the shell.
    expect(result.stdout).toContain(`cd '${target}'`);
    expect(stagingLeftovers(join(work, 'deep dir'))).toEqual([]);
  });

  it('takes a relative path with spaces', async () => {
    const result = await run(bin, ['sub dir/Jeu été', '-t', 'beta'], { cwd: work });
    expect(result.code).toBe(0);
    expect(JSON.parse(readFileSync(join(work, 'sub dir/Jeu été/package.json'), 'utf8')).name).toBe(
      'jeu-ete',
    );
    expect(result.stdout).toContain("cd 'sub dir/Jeu été'");
  });

  it('scaffolds into "." when the current directory is empty (or holds only .git)', async () => {
    const cwd = join(work, 'Space Shooter');
    mkdirSync(join(cwd, '.git'), { recursive: true });
    const result = await run(bin, ['.', '-t', 'beta'], { cwd });
    expect(result.code).toBe(0);
    expect(readdirSync(cwd).sort()).toEqual(['.git', '.gitignore', 'README.md', 'package.json']);
    expect(JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')).name).toBe('space-shooter');
    expect(result.stdout).not.toContain('cd ');
    expect(stagingLeftovers(work)).toEqual([]);
  });

  it('refuses a non-empty directory without --overwrite and changes nothing', async () => {
    const dir = join(work, 'game');
    mkdirSync(dir);
    writeFileSync(join(dir, 'package.json'), '{"name":"mine"}');
    const result = await run(bin, ['game', '-t', 'alpha'], { cwd: work });
    expectOneLineError(result, /is not empty; pass --overwrite/);
    expect(readdirSync(dir)).toEqual(['package.json']);
    expect(readFileSync(join(dir, 'package.json'), 'utf8')).toBe('{"name":"mine"}');
    expect(readdirSync(work)).toEqual(['game']);
  });

  it('refuses "." when the current directory is not empty', async () => {
    writeFileSync(join(work, 'notes.txt'), 'mine');
    expectOneLineError(await run(bin, ['.', '-t', 'beta'], { cwd: work }), /is not empty/);
    expect(readdirSync(work)).toEqual(['notes.txt']);
  });

  it('--overwrite replaces the contents but keeps .git', async () => {
    const dir = join(work, 'game');
    mkdirSync(join(dir, '.git'), { recursive: true });
    mkdirSync(join(dir, 'old'));
    writeFileSync(join(dir, 'old/file.txt'), 'old');
    writeFileSync(join(dir, 'package.json'), '{"name":"mine"}');
    const result = await run(bin, ['game', '-t', 'beta', '--overwrite'], { cwd: work });
    expect(result.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['.git', '.gitignore', 'README.md', 'package.json']);
    expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name).toBe('game');
    expect(stagingLeftovers(work)).toEqual([]);
  });

  it('--overwrite on "." works in the current directory', async () => {
    writeFileSync(join(work, 'old.txt'), 'old');
    const result = await run(bin, ['.', '-t', 'beta', '--overwrite'], { cwd: work });
    expect(result.code).toBe(0);
    expect(readdirSync(work).sort()).toEqual(['.gitignore', 'README.md', 'package.json']);
  });
});

describe('next steps', () => {
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
    const result = await run(bin, ['game', '-t', 'beta'], {
      cwd: work,
      env: { npm_config_user_agent: agent },
    });
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n').map((l) => l.trim());
    const at = lines.indexOf(steps[0]!);
    expect(lines.slice(at, at + steps.length)).toEqual(steps);
  });
});

describe('no half-written project', () => {
  it('an error midway (a FIFO in the template) removes everything it wrote', async () => {
    const pkg = tempDir('create-loop-fifo-');
    try {
      const fifoBin = fixturePackage(pkg, (templates) => {
        // Sorted copy order: a-*.txt are written first, then the pipe fails the copy.
        for (let i = 0; i < 20; i++) writeFileSync(join(templates, 'beta', `a-${i}.txt`), 'x');
        execFileSync('mkfifo', [join(templates, 'beta', 'b-pipe')]);
      });
      const result = await run(fifoBin, ['new-parent/game', '-t', 'beta'], { cwd: work });
      expectOneLineError(result, /b-pipe: only regular files and directories are allowed/);
      expect(result.code).toBe(1);
      expect(readdirSync(work)).toEqual([]);
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
        const child = start(bigBin, ['game', '-t', 'beta'], { cwd: work });
        child.stdin?.end();
        let stdout = '';
        child.stdout?.on('data', (d: string) => {
          stdout += d;
        });
        while (!stdout.includes('Scaffolding')) await sleep(2);
        // Freeze the child mid-copy and prove it: the staging directory exists, the target not.
        const midCopy = () => {
          const staging = stagingLeftovers(work);
          return staging.length === 1 && readdirSync(join(work, staging[0]!)).length > 0;
        };
        for (let attempt = 0; attempt < 200; attempt++) {
          child.kill('SIGSTOP');
          if (midCopy() || existsSync(join(work, 'game'))) break;
          child.kill('SIGCONT');
          await sleep(2);
        }
        expect(midCopy(), 'the copy finished before it could be interrupted').toBe(true);
        expect(existsSync(join(work, 'game'))).toBe(false);
        child.kill(signal);
        child.kill('SIGCONT');
        const result = await child.result;
        expect(result.code).toBe(signal === 'SIGINT' ? 130 : 143);
        expect(result.stderr).toBe('create-loop: cancelled, nothing was written\n');
        expect(readdirSync(work)).toEqual([]);
      } finally {
        rmSync(pkg, { recursive: true, force: true });
      }
    },
  );
});

it('the fixture root is what the tests think it is', () => {
  expect(basename(bin)).toBe('index.js');
  expect(readdirSync(join(root, 'templates')).sort()).toEqual(['alpha', 'beta']);
});
