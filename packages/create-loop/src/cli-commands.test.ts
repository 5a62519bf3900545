import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useMainInProcess } from '../test/main-in-process.js';
import { main } from './cli.js';
import { CliError } from './errors.js';
import { DEFAULT_DIR, helpText } from './help.js';
import { readOwnVersion, templatesDir } from './package-files.js';
import { listTemplates } from './templates.js';

/**
 * main() in this process (test/main-in-process.ts) on what writes nothing: --version, --help,
 * --list, and the arguments and folders it refuses before it writes anything.
 */
describe('create-loop main()', () => {
  const run = useMainInProcess();
  const names = async () => (await listTemplates(templatesDir())).map((t) => t.name);

  it('prints its version, its help with every template, or the list, and writes nothing', async () => {
    await main(['--version']);
    expect(run.printed).toEqual([await readOwnVersion()]);
    run.printed = [];
    await main(['--help']);
    expect(run.printed).toEqual([helpText(await names())]);
    run.printed = [];
    await main(['--list']);
    const templates = await listTemplates(templatesDir());
    expect(run.printed.map((line) => line.split(/\s+/)[0])).toEqual(templates.map((t) => t.name));
    const width = Math.max(...templates.map((t) => t.name.length));
    const canvas = templates.find((t) => t.name === 'canvas2d')!;
    expect(run.printed).toContain(`${'canvas2d'.padEnd(width)}  ${canvas.description}`);
    expect(existsSync(join(run.cwd, DEFAULT_DIR))).toBe(false);
  });

  it('refuses to go on without a template when it cannot ask, naming them', async () => {
    const all = (await names()).join(', ');
    await expect(main(['game', '--no-interactive'])).rejects.toEqual(
      new CliError(
        `no template given and no prompt possible (stdin is not a TTY or --no-interactive): pass --template <name>, one of: ${all}`,
      ),
    );
    await expect(main(['--template', 'nope', 'game'])).rejects.toThrow(/nope/);
    expect(existsSync(join(run.cwd, 'game'))).toBe(false);
  });

  it('checks the folder before anything else: a name that makes no folder, a file in the way', async () => {
    await expect(main(['a:b', '--no-interactive'])).rejects.toBeInstanceOf(CliError);
    writeFileSync(join(run.cwd, 'taken'), 'a file');
    await expect(main(['taken', '-t', 'canvas2d'])).rejects.toBeInstanceOf(CliError);
    mkdirSync(join(run.cwd, 'full'));
    writeFileSync(join(run.cwd, 'full', 'notes.txt'), 'mine');
    await expect(main(['full', '-t', 'canvas2d'])).rejects.toThrow(/not empty/);
    expect(readFileSync(join(run.cwd, 'full', 'notes.txt'), 'utf8')).toBe('mine');
  });

  it('refuses a folder name that makes no project, the folder it stands in included', async () => {
    const refused = /^"node_modules" is where packages are installed, not a project/;
    await expect(main(['node_modules', '-t', 'canvas2d'])).rejects.toThrow(refused);
    mkdirSync(join(run.cwd, 'node_modules'));
    process.chdir(join(run.cwd, 'node_modules'));
    await expect(main(['.', '-t', 'canvas2d'])).rejects.toThrow(refused);
    expect(readdirSync(join(run.cwd, 'node_modules'))).toEqual([]);
  });
});
