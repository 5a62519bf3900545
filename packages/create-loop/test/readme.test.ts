import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PKG_DIR, run, tree, useSandbox } from './helpers.js';

/**
 * The README's own words against the real build: its commands, flags, template names, scripts
 * and file map. Behaviour each flag promises is tested where that behaviour lives (cli,
 * scaffolding, interactive, interruption); this file fails when the README and the package
 * drift apart.
 */

const README = readFileSync(join(PKG_DIR, 'README.md'), 'utf8');
/** The real CLI, with the real templates (not the fixtures). */
const BIN = join(PKG_DIR, 'dist', 'index.js');

const sandbox = useSandbox('create-loop-readme-');

/** How each manager in the usage lines starts a dev server (`npm dev` does not exist). */
const DEV_COMMAND: Record<string, string> = {
  npm: 'npm run dev',
  pnpm: 'pnpm dev',
  yarn: 'yarn dev',
};

/** The lines of the fenced ```sh blocks in `section` (the text before the first `## ` if none). */
function shellLines(section?: string): string[] {
  const start = section === undefined ? 0 : README.indexOf(`\n## ${section}\n`);
  expect(start, `README section ${section}`).toBeGreaterThanOrEqual(0);
  const next = README.indexOf('\n## ', start + 1);
  const text = README.slice(start, next === -1 ? undefined : next);
  return [...text.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) =>
    m[1]!
      .trim()
      .split('\n')
      .map((line) => line.replace(/\s+#.*$/, '')),
  );
}

/** The first cells of the rows of the README's options table (`| option | what |`). */
function optionRows(): { option: string; what: string }[] {
  const table = README.slice(
    README.indexOf('| option'),
    README.indexOf('\n\n', README.indexOf('| option')),
  );
  return table
    .split('\n')
    .slice(2)
    .map((row) => row.split('|').map((cell) => cell.trim()))
    .map(([, option, what]) => ({ option: option!, what: what! }));
}

/** Text inside backticks. */
const quoted = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

async function templateNames(): Promise<string[]> {
  const { code, stdout } = await run(BIN, ['--list'], { cwd: sandbox.work });
  expect(code).toBe(0);
  return stdout
    .trim()
    .split('\n')
    .map((line) => line.split(/\s+/)[0]!);
}

describe('README usage', () => {
  const usage = shellLines().filter((line) => /^(npm|pnpm|yarn) create loop/.test(line));

  it('shows npm, pnpm and yarn', () => {
    expect(usage.map((line) => line.split(' ')[0])).toEqual(['npm', 'pnpm', 'yarn']);
  });

  it.each(usage)(
    '`%s` scaffolds the template it names, with next steps for that manager',
    async (line) => {
      // What the manager hands to the bin: everything after `create loop[@tag]`; npm also
      // swallows the `--` that keeps --template from being read as one of its own options.
      const [manager, , , ...rest] = line.split(/\s+/);
      const args = rest.filter((arg) => arg !== '--');
      expect(args).toContain('--template');
      const template = args[args.indexOf('--template') + 1]!;
      const result = await run(BIN, args, {
        cwd: sandbox.work,
        env: { npm_config_user_agent: `${manager}/1.0.0 node/${process.version} linux x64` },
      });
      expect(result).toMatchObject({ code: 0, stderr: '' });
      const dir = join(sandbox.work, args[0]!);
      const expected = tree(join(PKG_DIR, 'templates', template)).map((f) =>
        f === '_gitignore' ? '.gitignore' : f,
      );
      expect(tree(dir)).toEqual(expected.sort());
      expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name).toBe(args[0]);
      expect(result.stdout).toContain(`  ${DEV_COMMAND[manager!]}\n`);
    },
  );
});

describe('README options table', () => {
  it('names exactly the templates the build ships', async () => {
    const row = optionRows().find((r) => r.option.includes('--template'));
    expect(row, 'a --template row').toBeDefined();
    const named = quoted(row!.what).filter((word) => !word.startsWith('-'));
    expect(named.sort()).toEqual(await templateNames());
  });

  it('lists only flags that --help documents', async () => {
    const { stdout } = await run(BIN, ['--help'], { cwd: sandbox.work });
    const flags = optionRows().flatMap((r) => r.option.match(/--?[a-z][a-z-]*/g) ?? []);
    expect(flags).toEqual(
      expect.arrayContaining(['-t', '--template', '--overwrite', '--no-interactive', '--list']),
    );
    for (const flag of flags) expect(stdout).toMatch(new RegExp(`(^|[\\s,])${flag}\\b`, 'm'));
  });
});

describe('README file map and scripts', () => {
  it('every file in the "file | concept" table exists', () => {
    const files = [...README.matchAll(/^\| `(src\/[^`]+)`/gm)].map((m) => m[1]!);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(existsSync(join(PKG_DIR, file)), file).toBe(true);
  });

  it('every `pnpm <script>` under Tests is a script of the package', () => {
    const { scripts } = JSON.parse(readFileSync(join(PKG_DIR, 'package.json'), 'utf8'));
    const named = shellLines('Tests')
      .filter((line) => line.startsWith('pnpm '))
      .map((line) => line.split(/\s+/)[1]!);
    expect(named).toContain('test');
    for (const script of named) expect(Object.keys(scripts)).toContain(script);
  });
});
