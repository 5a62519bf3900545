import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LocalRegistry, startRegistry } from '../test/registry-server.js';
import { main } from './cli.js';
import { CliError } from './errors.js';
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
    expect(printed.at(-1)).toBe('');
    expect(printed.join('\n')).not.toMatch(/warning|note/);
    expect(range).toBe('^0.1.0');
  });
});
