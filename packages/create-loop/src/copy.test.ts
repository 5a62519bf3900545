import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { monorepoTemplates, TEMPLATES_SOURCE, tempDir, tree } from '../test/helpers.js';
import { copyDir, isBuildArtifact, MONOREPO_ONLY, PACK_RENAMES, SCAFFOLD_RENAMES } from './copy.js';
import { templatesDir } from './package-files.js';

let tmp: string;
beforeEach(() => {
  tmp = tempDir('create-loop-copy-');
});
afterEach(() => {
  rmSync(tmp, { recursive: true, force: true });
});

function write(path: string, text = path): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
}

describe('isBuildArtifact', () => {
  it('skips node_modules, dist, .turbo directories and *.tsbuildinfo files', () => {
    expect(isBuildArtifact('node_modules', true)).toBe(true);
    expect(isBuildArtifact('dist', true)).toBe(true);
    expect(isBuildArtifact('.turbo', true)).toBe(true);
    expect(isBuildArtifact('tsconfig.tsbuildinfo', false)).toBe(true);
    expect(isBuildArtifact('dist', false)).toBe(false);
    expect(isBuildArtifact('src', true)).toBe(false);
    expect(isBuildArtifact('_gitignore', false)).toBe(false);
  });
});

describe('rename maps', () => {
  it('are inverses', () => {
    expect(SCAFFOLD_RENAMES._gitignore).toBe('.gitignore');
    expect(PACK_RENAMES['.gitignore']).toBe('_gitignore');
    for (const [packed, real] of Object.entries(SCAFFOLD_RENAMES))
      expect(PACK_RENAMES[real]).toBe(packed);
  });

  it('give back the two files npm never packs', () => {
    expect(SCAFFOLD_RENAMES).toEqual({ _gitignore: '.gitignore', _npmrc: '.npmrc' });
    expect(PACK_RENAMES).toEqual({ '.gitignore': '_gitignore', '.npmrc': '_npmrc' });
  });
});

describe('MONOREPO_ONLY', () => {
  it('is what the build leaves out of each template besides build output, and it is left out', () => {
    const templates = monorepoTemplates();
    expect(templates.length).toBeGreaterThan(0);
    let leftOut = 0;
    for (const name of templates) {
      const source = join(TEMPLATES_SOURCE, name);
      const shipped = new Set(readdirSync(join(templatesDir(), name)));
      for (const entry of readdirSync(source, { withFileTypes: true })) {
        if (isBuildArtifact(entry.name, entry.isDirectory())) continue;
        const packed = PACK_RENAMES[entry.name] ?? entry.name;
        expect(shipped.has(packed), `${name}/${entry.name}`).toBe(
          !MONOREPO_ONLY.includes(entry.name),
        );
        if (!shipped.has(packed)) leftOut += 1;
      }
    }
    // Templates that run Stryker leave its config, results and list of mutants behind.
    expect(leftOut).toBeGreaterThan(0);
  });
});

describe('copyDir', () => {
  it('copies a tree, renaming at any depth and skipping build output', async () => {
    const from = join(tmp, 'from');
    write(join(from, '_gitignore'), 'node_modules\n');
    write(join(from, 'src/main.ts'), 'main');
    write(join(from, 'src/deep/_gitignore'), 'x');
    write(join(from, 'node_modules/a/index.js'));
    write(join(from, 'dist/index.html'));
    write(join(from, '.turbo/log'));
    write(join(from, 'tsconfig.tsbuildinfo'));
    write(join(from, 'path with space/file.txt'), 'spaced');
    const to = join(tmp, 'to');
    const count = await copyDir(from, to, { renames: SCAFFOLD_RENAMES });
    expect(tree(to)).toEqual([
      '.gitignore',
      'path with space/file.txt',
      'src/deep/.gitignore',
      'src/main.ts',
    ]);
    expect(count).toBe(4);
    expect(readFileSync(join(to, '.gitignore'), 'utf8')).toBe('node_modules\n');
    expect(readFileSync(join(to, 'path with space/file.txt'), 'utf8')).toBe('spaced');
  });

  it('keeps file modes (an executable script stays executable)', async () => {
    const from = join(tmp, 'from');
    write(join(from, 'run.sh'), '#!/bin/sh\n');
    execFileSync('chmod', ['755', join(from, 'run.sh')]);
    await copyDir(from, join(tmp, 'to'));
    expect(statSync(join(tmp, 'to/run.sh')).mode & 0o777).toBe(0o755);
  });

  it('takes a custom skip rule', async () => {
    const from = join(tmp, 'from');
    write(join(from, 'keep.txt'));
    write(join(from, 'drop.txt'));
    await copyDir(from, join(tmp, 'to'), { skip: (name) => name === 'drop.txt' });
    expect(tree(join(tmp, 'to'))).toEqual(['keep.txt']);
  });

  it('refuses symlinks instead of following them', async () => {
    const from = join(tmp, 'from');
    write(join(from, 'a.txt'));
    symlinkSync('/etc/passwd', join(from, 'link'));
    await expect(copyDir(from, join(tmp, 'to'))).rejects.toThrow(
      /only regular files and directories/,
    );
  });

  it('refuses FIFOs instead of hanging on them', async () => {
    const from = join(tmp, 'from');
    mkdirSync(from);
    execFileSync('mkfifo', [join(from, 'pipe')]);
    await expect(copyDir(from, join(tmp, 'to'))).rejects.toThrow(/pipe: only regular files/);
  });

  it('copies in name order: a refusal leaves exactly the entries before it', async () => {
    const from = join(tmp, 'from');
    const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'n', 'o', 'p', 'q', 'r', 's', 't', 'u'];
    for (const name of names) write(join(from, name));
    symlinkSync('/etc/passwd', join(from, 'm-link'));
    await expect(copyDir(from, join(tmp, 'to'))).rejects.toThrow(/m-link: only regular files/);
    expect(tree(join(tmp, 'to'))).toEqual(names.slice(0, 8));
  });

  it('never overwrites an existing file', async () => {
    const from = join(tmp, 'from');
    write(join(from, 'a.txt'), 'new');
    write(join(tmp, 'to/a.txt'), 'old');
    await expect(copyDir(from, join(tmp, 'to'))).rejects.toThrow(/EEXIST/);
    expect(readFileSync(join(tmp, 'to/a.txt'), 'utf8')).toBe('old');
  });
});
