import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CliError } from './errors.js';
import { findPnpmWorkspace, type PnpmWorkspace, planWorkspaceLink } from './workspace.js';

let tmp: string;
let root: string;

/** Writes `json` as `root/<path>/package.json`. */
function pkg(path: string, json: Record<string, unknown>): void {
  mkdirSync(join(root, path), { recursive: true });
  writeFileSync(join(root, path, 'package.json'), JSON.stringify(json));
}

beforeEach(() => {
  tmp = realpathSync(mkdtempSync(join(tmpdir(), 'create-loop-workspace-')));
  root = join(tmp, 'repo');
  pkg('.', { name: 'the-root', private: true });
  pkg('packages/core', { name: '@loop/core', version: '0.1.0' });
  pkg('packages/core/node_modules/dep', { name: 'not-a-workspace-package' });
  pkg('packages/ignored', { name: '@loop/ignored' });
  pkg('templates/three', { name: 'template-three' });
  writeFileSync(
    join(root, 'pnpm-workspace.yaml'),
    "packages:\n  - packages/*\n  - './templates/*'\n  - games/*\n  - '!packages/ignored'\n",
  );
});
afterEach(() => {
  rmSync(tmp, { recursive: true, force: true });
});

describe('findPnpmWorkspace', () => {
  it('finds the nearest pnpm-workspace.yaml above a target that does not exist yet', async () => {
    const found = await findPnpmWorkspace(join(root, 'games', 'my-game'));
    expect(found).toEqual({
      root,
      patterns: ['packages/*', './templates/*', 'games/*', '!packages/ignored'],
      covers: true,
      packages: new Set(['@loop/core', 'template-three']),
    });
  });

  it('does not cover a folder outside the patterns, or one they exclude', async () => {
    for (const target of ['my-game', 'games/a/b', 'packages/ignored', 'games/x/node_modules/y']) {
      const found = await findPnpmWorkspace(join(root, target));
      expect(found?.root, target).toBe(root);
      expect(found?.covers, target).toBe(false);
    }
  });

  it('is undefined outside any pnpm workspace', async () => {
    expect(await findPnpmWorkspace(join(tmp, 'elsewhere', 'game'))).toBeUndefined();
  });

  it('follows a symbolic link to the workspace before matching', async () => {
    symlinkSync(root, join(tmp, 'link'), 'dir');
    const found = await findPnpmWorkspace(join(tmp, 'link', 'games', 'g'));
    expect(found?.root).toBe(root);
    expect(found?.covers).toBe(true);
  });

  it('refuses a pnpm-workspace.yaml it cannot read, naming the file', async () => {
    writeFileSync(join(root, 'pnpm-workspace.yaml'), 'packages: [unclosed\n');
    await expect(findPnpmWorkspace(join(root, 'games', 'g'))).rejects.toThrow(CliError);
    writeFileSync(join(root, 'pnpm-workspace.yaml'), 'packages: games/*\n');
    await expect(findPnpmWorkspace(join(root, 'games', 'g'))).rejects.toThrow(
      /pnpm-workspace\.yaml: "packages" is not a list/,
    );
  });

  it('names the file and the parser’s complaint for YAML it cannot read', async () => {
    const file = join(root, 'pnpm-workspace.yaml');
    writeFileSync(file, 'packages: [unclosed\n');
    await expect(findPnpmWorkspace(join(root, 'games', 'g'))).rejects.toThrow(
      new RegExp(`^${file.replaceAll('.', '\\.')} is not valid YAML: \\S`),
    );
    writeFileSync(file, 'packages:\n  - games/*\n  - 3\n');
    await expect(findPnpmWorkspace(join(root, 'games', 'g'))).rejects.toThrow(
      new CliError(`${file}: "packages" is not a list of folder patterns`),
    );
  });

  it('takes an empty pnpm-workspace.yaml, or one of exclusions only, as a workspace of none', async () => {
    for (const text of ['', '# nothing yet\n', "packages:\n  - '!games/old'\n"]) {
      writeFileSync(join(root, 'pnpm-workspace.yaml'), text);
      expect(await findPnpmWorkspace(join(root, 'games', 'old')), text).toMatchObject({
        root,
        covers: false,
        packages: new Set(),
      });
    }
  });

  it('never takes in node_modules, hidden folders, the root itself or a package without a name', async () => {
    pkg('games/.old', { name: 'hidden-game' });
    pkg('games/nameless', { version: '1.0.0' });
    writeFileSync(
      join(root, 'pnpm-workspace.yaml'),
      "packages:\n  - '.'\n  - packages/**\n  - games/*\n",
    );
    const found = await findPnpmWorkspace(join(root, 'games', 'g'));
    expect(found?.packages).toEqual(new Set(['@loop/core', '@loop/ignored']));
    expect((await findPnpmWorkspace(join(root, 'packages/core/node_modules/x')))?.covers).toBe(
      false,
    );
  });

  it('excludes hidden folders too, and reads patterns with trailing slashes', async () => {
    writeFileSync(
      join(root, 'pnpm-workspace.yaml'),
      "packages:\n  - games/.x/*\n  - '!games/*/y'\n  - games/*//\n  - odd!\n",
    );
    expect((await findPnpmWorkspace(join(root, 'games/.x/y')))?.covers).toBe(false);
    expect((await findPnpmWorkspace(join(root, 'games/.x/z')))?.covers).toBe(true);
    expect((await findPnpmWorkspace(join(root, 'games/g')))?.covers).toBe(true);
    expect((await findPnpmWorkspace(join(root, 'odd!')))?.covers).toBe(true);
  });

  it('takes a pnpm-workspace.yaml without packages as a workspace of none', async () => {
    writeFileSync(join(root, 'pnpm-workspace.yaml'), 'managePackageManagerVersions: false\n');
    expect(await findPnpmWorkspace(join(root, 'games', 'g'))).toEqual({
      root,
      patterns: [],
      covers: false,
      packages: new Set(),
    });
  });
});

describe('planWorkspaceLink', () => {
  const template = {
    dependencies: { '@loop/core': 'workspace:^', three: '~0.187.0' },
    devDependencies: { '@loop/tools': 'workspace:~', core: 'workspace:@loop/core@*' },
  };
  const workspace = (covers: boolean): PnpmWorkspace => ({
    root: '/repo',
    patterns: ['packages/*', 'games/*', '!games/old'],
    covers,
    packages: new Set(['@loop/core', 'template-three']),
  });

  it('keeps the workspace: specs of what the workspace holds, and says so', () => {
    const link = planWorkspaceLink(workspace(true), template, '/repo/games/g');
    expect(link.keep).toEqual(new Set(['@loop/core']));
    expect(link.message).toMatch(/^\/repo\/games\/g is a package of the pnpm workspace at \/repo/);
    expect(link.message).toContain('kept the workspace: specs of @loop/core');
  });

  it('keeps nothing outside the patterns, and says where the game should go', () => {
    const link = planWorkspaceLink(workspace(false), template, '/repo/my-game');
    expect(link.keep).toEqual(new Set());
    expect(link.message).toMatch(/^note: \/repo\/my-game is inside the pnpm workspace at \/repo/);
    expect(link.message).toContain('(pnpm-workspace.yaml: packages/*, games/*)');
    expect(link.message).toContain('(e.g. games/my-game)');
  });

  it('names every package it keeps, and says what that means, word for word', () => {
    const both = {
      ...workspace(true),
      packages: new Set(['@loop/core', '@loop/tools']),
    };
    expect(planWorkspaceLink(both, template, '/repo/games/g').message).toBe(
      "/repo/games/g is a package of the pnpm workspace at /repo: kept the workspace: specs of @loop/core, @loop/tools, so the game builds against the workspace's own copy, beside its other packages. Install and run it with pnpm.",
    );
  });

  it('suggests a folder only when a pattern is one folder of packages, and says why not, word for word', () => {
    const outside = (patterns: string[]) =>
      planWorkspaceLink({ ...workspace(false), patterns }, template, '/repo/my-game').message;
    const note = (patterns: string, where: string) =>
      `note: /repo/my-game is inside the pnpm workspace at /repo but not one of its packages (pnpm-workspace.yaml: ${patterns}), so @loop/core got published versions. To build against the workspace's own copy, create the game in one of those folders${where}.`;
    expect(outside(['apps/**', 'tools/*'])).toBe(note('apps/**, tools/*', ' (e.g. tools/my-game)'));
    expect(outside(['apps/**'])).toBe(note('apps/**', ''));
    expect(outside(['a/b/*', 'a/*/x'])).toBe(note('a/b/*, a/*/x', ''));
  });

  it('says nothing when there is no workspace, or it holds none of the dependencies', () => {
    expect(planWorkspaceLink(undefined, template, '/g')).toEqual({
      keep: new Set(),
      message: undefined,
    });
    const other = { ...workspace(true), packages: new Set(['something-else']) };
    expect(planWorkspaceLink(other, template, '/repo/games/g')).toEqual({
      keep: new Set(),
      message: undefined,
    });
  });
});
