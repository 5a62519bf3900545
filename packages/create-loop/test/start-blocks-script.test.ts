import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MARKED_FILES } from '../src/start-blocks.js';
import { NOT_ON_NPM, PUBLISHED } from '../src/start-commands.js';
import { cleanEnv, PKG_DIR, useSandbox } from './helpers.js';

/**
 * The one switch, flipped both ways by its script on a copy of the repository's files: every
 * marked block follows it, `--check` fails while one does not, and flipping back gives the
 * files back byte for byte.
 */

const ROOT = resolve(PKG_DIR, '..', '..');
const SWITCH_FILE = 'packages/create-loop/src/start-commands.ts';
const sandbox = useSandbox('create-loop-switch-');

/** Copies what the script reads and writes into `to`. */
function copyRepo(to: string): void {
  const templates = readdirSync(join(ROOT, 'templates')).map(
    (name) => `templates/${name}/package.json`,
  );
  for (const file of [...MARKED_FILES, SWITCH_FILE, 'packages/core/package.json', ...templates]) {
    mkdirSync(dirname(join(to, file)), { recursive: true });
    try {
      cpSync(join(ROOT, file), join(to, file));
    } catch {
      // a folder of templates/ without a package.json is no template
    }
  }
}

function script(root: string, ...args: string[]) {
  const result = spawnSync(
    process.execPath,
    [join(PKG_DIR, 'scripts', 'start-blocks.mjs'), '--root', root, ...args],
    { encoding: 'utf8', env: cleanEnv() },
  );
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const says = (text: string, sentence: string) =>
  text.replace(/\s+/g, ' ').includes(sentence.replace(/\s+/g, ' '));

describe('scripts/start-blocks.mjs', () => {
  it('--check passes on the repository as it is', () => {
    expect(script(ROOT, '--check')).toMatchObject({ code: 0, stderr: '' });
  });

  it('flips the switch and every block, and flips back to the same bytes', () => {
    const root = sandbox.work;
    copyRepo(root);
    const read = (file: string) => readFileSync(join(root, file), 'utf8');
    const before = Object.fromEntries([...MARKED_FILES, SWITCH_FILE].map((f) => [f, read(f)]));

    const flipped = script(root, '--published', String(!PUBLISHED));
    expect(flipped).toMatchObject({ code: 0, stderr: '' });
    expect(read(SWITCH_FILE)).toContain(`export const PUBLISHED: boolean = ${!PUBLISHED};`);
    for (const file of MARKED_FILES) {
      expect(read(file), file).not.toBe(before[file]);
      expect(says(read(file), NOT_ON_NPM), file).toBe(PUBLISHED);
    }
    expect(script(root, '--check')).toMatchObject({ code: 0 });

    // A file left in the old state is named by --check, and nothing is written.
    writeFileSync(join(root, 'README.md'), before['README.md']!);
    const checked = script(root, '--check');
    expect(checked.code).toBe(1);
    expect(checked.stderr).toMatch(/^start-blocks: blocks that do not show .*: README\.md\n$/);
    expect(read('README.md')).toBe(before['README.md']);

    expect(script(root, '--published', String(PUBLISHED))).toMatchObject({ code: 0 });
    for (const file of [...MARKED_FILES, SWITCH_FILE]) expect(read(file), file).toBe(before[file]);
  });

  it('refuses a state that is not true or false', () => {
    copyRepo(sandbox.work);
    const result = script(sandbox.work, '--published', 'soon');
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('start-blocks: --published takes true or false, not "soon"\n');
  });
});
