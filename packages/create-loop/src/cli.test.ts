import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { styleText } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LocalRegistry, startRegistry } from '../test/registry-server.js';
import { DOWN, ENTER, terminal } from '../test/terminal.js';
import { main } from './cli.js';
import { CancelledError, CliError } from './errors.js';
import { DEFAULT_DIR, helpText } from './help.js';
import { readOwnVersion, templatesDir } from './package-files.js';
import { unpublishedAdvice } from './start-commands.js';
import { listTemplates } from './templates.js';

/**
 * main() in this process, from argv to a written project, over the templates the build put in
 * the package (test/cli.test.ts runs the built bin the same way over fixture templates). What
 * it prints is read from console.log and stdout; the project is written in a temporary folder
 * that is the current directory; stdin is no terminal, so nothing is asked.
 */
describe('create-loop main()', () => {
  let cwd: string;
  let home: string;
  let printed: string[];
  let registry: LocalRegistry | undefined;
  beforeEach(() => {
    home = process.cwd();
    cwd = mkdtempSync(join(tmpdir(), 'create-loop-main-'));
    process.chdir(cwd);
    printed = [];
    vi.spyOn(console, 'log').mockImplementation((...line: unknown[]) => {
      printed.push(line.join(' '));
    });
    vi.spyOn(process.stdout, 'write').mockImplementation((text) => {
      printed.push(String(text));
      return true;
    });
    vi.stubEnv('npm_config_user_agent', 'npm/10.9.0 node/v20.19.0 linux x64');
    vi.stubEnv('CREATE_LOOP_VENDORED', '1');
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
    process.chdir(home);
    rmSync(cwd, { recursive: true, force: true });
    await registry?.stop();
    registry = undefined;
  });

  /** The package.json written in `folder` of the current directory. */
  const manifestOf = (folder: string) =>
    JSON.parse(readFileSync(join(cwd, folder, 'package.json'), 'utf8'));
  const names = async () => (await listTemplates(templatesDir())).map((t) => t.name);

  it('prints its version, its help with every template, or the list, and writes nothing', async () => {
    await main(['--version']);
    expect(printed).toEqual([await readOwnVersion()]);
    printed = [];
    await main(['--help']);
    expect(printed).toEqual([helpText(await names())]);
    printed = [];
    await main(['--list']);
    const templates = await listTemplates(templatesDir());
    expect(printed.map((line) => line.split(/\s+/)[0])).toEqual(templates.map((t) => t.name));
    const width = Math.max(...templates.map((t) => t.name.length));
    const canvas = templates.find((t) => t.name === 'canvas2d')!;
    expect(printed).toContain(`${'canvas2d'.padEnd(width)}  ${canvas.description}`);
    expect(existsSync(join(cwd, DEFAULT_DIR))).toBe(false);
  });

  it('refuses to go on without a template when it cannot ask, naming them', async () => {
    const all = (await names()).join(', ');
    await expect(main(['game', '--no-interactive'])).rejects.toEqual(
      new CliError(
        `no template given and no prompt possible (stdin is not a TTY or --no-interactive): pass --template <name>, one of: ${all}`,
      ),
    );
    await expect(main(['--template', 'nope', 'game'])).rejects.toThrow(/nope/);
    expect(existsSync(join(cwd, 'game'))).toBe(false);
  });

  it('checks the folder before anything else: a name that makes no folder, a file in the way', async () => {
    await expect(main(['a:b', '--no-interactive'])).rejects.toBeInstanceOf(CliError);
    writeFileSync(join(cwd, 'taken'), 'a file');
    await expect(main(['taken', '-t', 'canvas2d'])).rejects.toBeInstanceOf(CliError);
    mkdirSync(join(cwd, 'full'));
    writeFileSync(join(cwd, 'full', 'notes.txt'), 'mine');
    await expect(main(['full', '-t', 'canvas2d'])).rejects.toThrow(/not empty/);
    expect(readFileSync(join(cwd, 'full', 'notes.txt'), 'utf8')).toBe('mine');
  });

  it('writes the template into the folder and prints what to run next', async () => {
    await main(['my-game', '--template', 'canvas2d']);
    const target = join(cwd, 'my-game');
    const manifest = manifestOf('my-game');
    expect(manifest.name).toBe('my-game');
    expect(manifest.dependencies['@loop/core']).toMatch(/^\^\d+\.\d+\.\d+$/);
    expect(existsSync(join(target, '.gitignore'))).toBe(true);
    expect(printed[0]).toBe(`Scaffolding canvas2d in ${target} ...`);
    expect(printed[1]).toMatch(/^Done\. \d+ files, package "my-game"\. Now run:\n$/);
    expect(printed.slice(2)).toEqual(['  cd my-game', '  npm install', '  npm run dev', '']);
  });

  it('writes into the default folder, and names the package after a folder npm would refuse', async () => {
    await main(['-t', 'canvas2d', '--no-interactive']);
    expect(existsSync(join(cwd, DEFAULT_DIR, 'package.json'))).toBe(true);
    printed = [];
    await main(['My Game', '-t', 'canvas2d']);
    const manifest = manifestOf('My Game');
    expect(manifest.name).toBe('my-game');
    expect(printed[0]).toMatch(/^note: package\.json names the project "my-game": "My Game"/);
    expect(printed).toContain("  cd 'My Game'");
  });

  it('with --overwrite, says what it removes from a folder that is not empty, and replaces it', async () => {
    mkdirSync(join(cwd, 'old'));
    writeFileSync(join(cwd, 'old', 'notes.txt'), 'old');
    await main(['old', '-t', 'canvas2d', '--overwrite']);
    expect(printed[0]).toBe(`--overwrite: removing from ${join(cwd, 'old')}: notes.txt`);
    expect(existsSync(join(cwd, 'old', 'notes.txt'))).toBe(false);
    expect(existsSync(join(cwd, 'old', 'package.json'))).toBe(true);
  });

  it('in the current folder, prints no cd', async () => {
    await main(['.', '-t', 'canvas2d']);
    expect(existsSync(join(cwd, 'package.json'))).toBe(true);
    expect(printed.slice(-3)).toEqual(['  npm install', '  npm run dev', '']);
  });

  it('warns last when a range the project depends on is not on the registry', async () => {
    vi.stubEnv('CREATE_LOOP_VENDORED', undefined);
    registry = await startRegistry({ packages: {} });
    vi.stubEnv('npm_config_registry', registry.url);
    await main(['game', '-t', 'canvas2d']);
    const range = manifestOf('game').dependencies['@loop/core'];
    expect(printed.slice(-3)).toEqual([
      `warning: @loop/core@${range} is not on the registry ${registry.url}: @loop/core is not on it (404), so the install will fail until it is published.`,
      unpublishedAdvice('canvas2d', 'game'),
      '',
    ]);
    expect(registry.requests).toEqual(['/@loop%2fcore']);
  });

  it('asks no registry when the project was vendored by create:local, and says nothing when all is published', async () => {
    registry = await startRegistry({ packages: {} });
    vi.stubEnv('npm_config_registry', registry.url);
    await main(['vendored', '-t', 'canvas2d']);
    expect(registry.requests).toEqual([]);
    await registry.stop();
    vi.stubEnv('CREATE_LOOP_VENDORED', '0');
    registry = await startRegistry({ packages: { '@loop/core': ['0.1.0', '9.9.9'] } });
    vi.stubEnv('npm_config_registry', registry.url);
    const range = manifestOf('vendored').dependencies['@loop/core'];
    printed = [];
    await main(['published', '-t', 'canvas2d']);
    expect(registry.requests).toEqual(['/@loop%2fcore']);
    expect(printed.slice(-2)).toEqual(['  npm run dev', '']);
    expect(printed.join('\n')).not.toMatch(/warning|note/);
    expect(range).toBe('^0.1.0');
  });
  it('refuses a folder name that makes no project, the folder it stands in included', async () => {
    const refused = /^"node_modules" is where packages are installed, not a project/;
    await expect(main(['node_modules', '-t', 'canvas2d'])).rejects.toThrow(refused);
    mkdirSync(join(cwd, 'node_modules'));
    process.chdir(join(cwd, 'node_modules'));
    await expect(main(['.', '-t', 'canvas2d'])).rejects.toThrow(refused);
    expect(readdirSync(join(cwd, 'node_modules'))).toEqual([]);
  });

  it('inside a pnpm workspace that holds @loop/core, keeps workspace:^, says so and gives pnpm steps', async () => {
    writeFileSync(join(cwd, 'pnpm-workspace.yaml'), 'packages:\n  - packages/*\n  - games/*\n');
    mkdirSync(join(cwd, 'packages', 'core'), { recursive: true });
    writeFileSync(join(cwd, 'packages', 'core', 'package.json'), '{ "name": "@loop/core" }');
    await main(['games/g', '-t', 'canvas2d']);
    expect(manifestOf('games/g').dependencies['@loop/core']).toBe('workspace:^');
    expect(printed).toContain(
      `${join(cwd, 'games', 'g')} is a package of the pnpm workspace at ${cwd}: kept the workspace: specs of @loop/core, so the game builds against the workspace's own copy, beside its other packages. Install and run it with pnpm.`,
    );
    expect(printed.slice(-5)).toEqual([
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
    expect(printed[0]).toBe(`Scaffolding ${cyan} in ${join(cwd, 'bright')} ...`);
    expect(printed[1]!.startsWith(`${green} `)).toBe(true);
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
    let settled = false;
    void done.then(
      () => (settled = true),
      () => (settled = true),
    );
    // Its listener is there once the copy starts.
    let listeners: NodeJS.SignalsListener[] = [];
    while (listeners.length === 0 && !settled) {
      await new Promise((resolve) => setImmediate(resolve));
      listeners = process.listeners('SIGTERM').filter((l) => !before.includes(l));
    }
    expect(listeners).toHaveLength(1);
    for (const listener of listeners) listener('SIGTERM');
    // What is left when the process exits, there and then.
    const left = readdirSync(cwd);
    await done.catch(() => undefined);
    expect(left).toEqual([]);
    expect(errors).toEqual(['create-loop: cancelled, nothing was written\n']);
    expect(exit.mock.calls).toEqual([[143]]);
  });

  describe('at a terminal', () => {
    let term: ReturnType<typeof terminal> | undefined;
    afterEach(() => {
      term?.restore();
      term = undefined;
    });

    it('asks for the folder or the template the command line left out', async () => {
      term = terminal([{ prompt: 'Project directory:', keys: [...'asked', ENTER] }], { tty: true });
      await main(['-t', 'canvas2d']);
      expect(manifestOf('asked').name).toBe('asked');
      expect(term.left()).toEqual([]);
      term.restore();
      term = terminal([{ prompt: 'Template:', keys: [ENTER] }], { tty: true });
      await main(['second']);
      expect(manifestOf('second').name).toBe('second');
      expect(term.left()).toEqual([]);
    });

    it('asks nothing when the command line gave the folder and the template', async () => {
      term = terminal([], { tty: true });
      await main(['given', '-t', 'canvas2d']);
      expect(manifestOf('given').name).toBe('given');
      expect(term.drawn()).toBe('');
    });

    it('checks a folder given on the command line before asking anything', async () => {
      writeFileSync(join(cwd, 'taken'), 'a file');
      term = terminal([{ prompt: 'Template:', keys: [ENTER] }], { tty: true });
      await expect(main(['taken'])).rejects.toThrow(
        new CliError(`${join(cwd, 'taken')} exists and is not a directory`),
      );
      expect(term.drawn()).toBe('');
    });

    it('replaces a folder the user chose to overwrite at the prompt, saying what goes, asking no more', async () => {
      mkdirSync(join(cwd, 'full'));
      writeFileSync(join(cwd, 'full', 'notes.txt'), 'mine');
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
      expect(printed[0]).toBe(`Overwriting: removing from ${join(cwd, 'full')}: notes.txt`);
      expect(existsSync(join(cwd, 'full', 'notes.txt'))).toBe(false);
      expect(manifestOf('full').name).toBe('full');
    });

    it('asks before --overwrite removes anything, and removes nothing on no', async () => {
      mkdirSync(join(cwd, 'full'));
      writeFileSync(join(cwd, 'full', 'notes.txt'), 'mine');
      term = terminal([{ prompt: 'Go on?', keys: [ENTER] }], { tty: true });
      await expect(main(['full', '-t', 'canvas2d', '--overwrite'])).rejects.toBeInstanceOf(
        CancelledError,
      );
      expect(readFileSync(join(cwd, 'full', 'notes.txt'), 'utf8')).toBe('mine');
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
      expect(existsSync(join(cwd, 'full', 'notes.txt'))).toBe(false);
      expect(printed.join('\n')).not.toMatch(/removing from/);
    });
  });
});
