import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  expectOneLineError,
  fixturePackage,
  monorepoTemplates,
  PKG_DIR,
  run,
  tempDir,
  useSandbox,
} from './helpers.js';

/** The CLI's information flags and its one-line errors, against the fixture templates. */

const sandbox = useSandbox();

describe('information flags', () => {
  it('--help and -h document every flag and the no-TTY behaviour', async () => {
    for (const flag of ['--help', '-h']) {
      const { code, stdout, stderr } = await run(sandbox.bin, [flag], { cwd: sandbox.work });
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

  it('--help of the real build fits 80 columns, every line', async () => {
    const { code, stdout } = await run(join(PKG_DIR, 'dist', 'index.js'), ['--help'], {
      cwd: sandbox.work,
    });
    expect(code).toBe(0);
    const wide = stdout.split('\n').filter((line) => line.length > 80);
    expect(wide).toEqual([]);
    expect(stdout).toMatch(/--template <name> {2}the template: canvas2d/);
  });

  it('--version and -v print the package version', async () => {
    const { version } = JSON.parse(readFileSync(join(PKG_DIR, 'package.json'), 'utf8'));
    for (const flag of ['--version', '-v']) {
      expect(await run(sandbox.bin, [flag], { cwd: sandbox.work })).toMatchObject({
        code: 0,
        stdout: `${version}\n`,
      });
    }
  });

  it('--list prints one template per line with its description', async () => {
    const { code, stdout } = await run(sandbox.bin, ['--list'], { cwd: sandbox.work });
    expect(code).toBe(0);
    expect(stdout).toBe('alpha  Alpha fixture: workspace deps in every field\nbeta\n');
  });

  it('the real build lists exactly the monorepo templates', async () => {
    const expected = monorepoTemplates();
    const { code, stdout } = await run(join(PKG_DIR, 'dist', 'index.js'), ['--list'], {
      cwd: sandbox.work,
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
    const result = await run(sandbox.bin, ['--tempalte', 'alpha'], { cwd: sandbox.work });
    expectOneLineError(result, /unknown option --tempalte/);
    expect(result.code).toBe(1);
    expect(readdirSync(sandbox.work)).toEqual([]);
  });

  it('an unknown template fails and lists the valid ones', async () => {
    const result = await run(sandbox.bin, ['game', '--template', 'gamma'], { cwd: sandbox.work });
    expectOneLineError(result, /unknown template "gamma"; valid templates: alpha, beta/);
    expect(readdirSync(sandbox.work)).toEqual([]);
  });

  it('a near-miss template name gets the closest one suggested', async () => {
    for (const name of ['Alpha', 'alpah', 'bta']) {
      const result = await run(sandbox.bin, ['game', '-t', name], { cwd: sandbox.work });
      expectOneLineError(result, /did you mean "(alpha|beta)"\? valid templates: alpha, beta/);
    }
    expect(readdirSync(sandbox.work)).toEqual([]);
  });

  it('a repeated --template is refused, not silently the last', async () => {
    const result = await run(sandbox.bin, ['game', '-t', 'alpha', '--template', 'beta'], {
      cwd: sandbox.work,
    });
    expectOneLineError(result, /--template is given twice; pass it once/);
    expect(readdirSync(sandbox.work)).toEqual([]);
  });

  it('npm create without -- gets the command that works, not a complaint about spaces', async () => {
    // What npm 11 runs for `npm create loop game --template beta --overwrite`.
    const result = await run(sandbox.bin, ['game', 'beta'], {
      cwd: sandbox.work,
      env: {
        npm_config_user_agent: 'npm/11.19.1 node/v20.20.2 linux x64 workspaces/false',
        npm_config_template: 'true',
        npm_config_overwrite: 'true',
      },
    });
    expectOneLineError(
      result,
      /: npm kept --template --overwrite for itself: npm create needs -- before create-loop's flags, as in: npm create loop@latest game -- --template beta --overwrite\n$/,
    );
    expect(readdirSync(sandbox.work)).toEqual([]);
  });

  it('no template without a TTY is an error that lists the templates (stdin piped)', async () => {
    const result = await run(sandbox.bin, ['game'], { cwd: sandbox.work });
    expectOneLineError(result, /no template given.*--template <name>, one of: alpha, beta/);
    expect(readdirSync(sandbox.work)).toEqual([]);
  });

  it('no template with --no-interactive is the same error', async () => {
    const result = await run(sandbox.bin, ['game', '--no-interactive'], { cwd: sandbox.work });
    expectOneLineError(result, /no template given/);
  });

  it('a file where the directory should go is refused', async () => {
    writeFileSync(join(sandbox.work, 'game'), 'a file');
    const result = await run(sandbox.bin, ['game', '-t', 'alpha'], { cwd: sandbox.work });
    expectOneLineError(result, /exists and is not a directory/);
    expect(readFileSync(join(sandbox.work, 'game'), 'utf8')).toBe('a file');
  });

  it('a package root without templates says it was not built', async () => {
    const empty = tempDir('create-loop-empty-');
    try {
      const emptyBin = fixturePackage(empty, (templates) => rmSync(templates, { recursive: true }));
      expectOneLineError(
        await run(emptyBin, ['x', '-t', 'alpha'], { cwd: sandbox.work }),
        /no templates in/,
      );
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('the bin', () => {
  // pnpm links a workspace package's bins when it installs, before any build: a bin under
  // dist/ made every fresh install of the monorepo warn "Failed to create bin".
  it('is a file of the source tree, not of the build', () => {
    const { bin, files } = JSON.parse(readFileSync(join(PKG_DIR, 'package.json'), 'utf8'));
    expect(bin).toEqual({ 'create-loop': 'bin/create-loop.js' });
    expect(files).toContain('bin');
    expect(existsSync(join(PKG_DIR, 'bin', 'create-loop.js'))).toBe(true);
  });

  it('runs the built CLI', async () => {
    const result = await run(join(PKG_DIR, 'bin', 'create-loop.js'), ['--list'], {
      cwd: sandbox.work,
    });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toMatch(/^canvas2d /m);
  });

  it('says in one line, exit 1, when the CLI was never built', async () => {
    const root = tempDir('create-loop-unbuilt-');
    try {
      cpSync(join(PKG_DIR, 'bin'), join(root, 'bin'), { recursive: true });
      cpSync(join(PKG_DIR, 'package.json'), join(root, 'package.json'));
      const result = await run(join(root, 'bin', 'create-loop.js'), ['--help'], {
        cwd: sandbox.work,
      });
      expectOneLineError(result, /dist\/index\.js is missing; build it with `pnpm build`/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

it('the fixture root is what the tests think it is', () => {
  expect(basename(sandbox.bin)).toBe('index.js');
  expect(readdirSync(join(sandbox.root, 'templates')).sort()).toEqual(['alpha', 'beta']);
});
