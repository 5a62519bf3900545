import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { releaseDryRun, repoRoot, SAMPLE_SUMMARY, workspacePackages } from '../dry-run.mjs';

/**
 * The release dry run (dry-run.mjs) on a copy of this repository with one sample `minor`
 * changeset for @loop/core: what `pnpm version-packages` writes, and what `pnpm release`
 * would publish, checked before any real release. The real repository must come out as it
 * went in.
 */

type Report = ReturnType<typeof releaseDryRun>;
/** The library packages, released at one version with create-loop (.changeset/config.json). */
const LIBRARIES = ['@loop/core', '@loop/net', '@loop/r3f', '@loop/rapier'];
const PUBLIC = [...LIBRARIES, 'create-loop'];
/** Every template, from the one list there is: the folders of templates/ with a manifest. */
const TEMPLATES = readdirSync(join(repoRoot, 'templates')).filter((name) =>
  existsSync(join(repoRoot, 'templates', name, 'package.json')),
);

/** What `version` becomes after a minor bump (0.1.0 -> 0.2.0, 1.4.2 -> 1.5.0). */
function minor(version: string): string {
  const [major, minorPart] = version.split('.');
  return `${major}.${Number(minorPart) + 1}.0`;
}

/** The public packages' manifests and changelogs in the real repository, to compare. */
function realState(): Record<string, { version: string; changelog: string | null }> {
  const state: Record<string, { version: string; changelog: string | null }> = {};
  for (const pkg of workspacePackages(repoRoot).filter((p) => !p.manifest.private)) {
    const changelog = join(repoRoot, pkg.dir, 'CHANGELOG.md');
    state[pkg.name] = {
      version: pkg.manifest.version,
      changelog: existsSync(changelog) ? readFileSync(changelog, 'utf8') : null,
    };
  }
  return state;
}

let report: Report;
let realBefore: ReturnType<typeof realState>;

beforeAll(() => {
  realBefore = realState();
  report = releaseDryRun({ bump: 'minor' });
});

describe('release dry run: changeset version', () => {
  it('finds exactly the public packages', () => {
    expect(Object.keys(report.before).sort()).toEqual(PUBLIC);
  });

  it('bumps @loop/core by the changeset and every other public package with it, to one version', () => {
    const next = minor(report.before['@loop/core']!);
    expect(report.after).toEqual(Object.fromEntries(PUBLIC.map((name) => [name, next])));
  });

  it('changes only the public manifests and changelogs, and uses up the changeset', () => {
    const dirs = ['core', 'create-loop', 'net', 'r3f', 'rapier'];
    expect(report.changed).toEqual([
      '.changeset/release-dry-run.md',
      ...dirs.flatMap((dir) => [`packages/${dir}/CHANGELOG.md`, `packages/${dir}/package.json`]),
    ]);
  });

  it("writes the change under the new version in @loop/core's CHANGELOG.md", () => {
    const next = report.after['@loop/core'];
    const changelog = report.changelogs['@loop/core'] ?? '';
    expect(changelog).toMatch(
      new RegExp(`^# @loop/core\\n\\n## ${next}\\n\\n### Minor Changes\\n`),
    );
    expect(changelog).toContain(SAMPLE_SUMMARY);
    for (const name of PUBLIC.slice(1)) expect(report.changelogs[name]).toContain(`## ${next}`);
  });

  it('leaves the lockfile installable with --frozen-lockfile, as CI installs it', () => {
    expect(report.frozenLockfile).toEqual({ before: true, after: true });
  });

  it('leaves the real repository as it was', () => {
    expect(realState()).toEqual(realBefore);
    expect(existsSync(join(repoRoot, '.changeset', 'release-dry-run.md'))).toBe(false);
  });
});

describe('release dry run: pnpm publish --dry-run', () => {
  it('would publish each package at its new version', () => {
    for (const name of PUBLIC) expect(report.packed[name]?.version).toBe(report.after[name]);
  });

  it.each(LIBRARIES)('packs %s as built JavaScript and types, without sources or tests', (name) => {
    const files = report.packed[name]?.files ?? [];
    expect(files).toEqual(
      expect.arrayContaining([
        'package.json',
        'README.md',
        'CHANGELOG.md',
        'dist/index.js',
        'dist/index.d.ts',
      ]),
    );
    if (name === '@loop/core') expect(files).toContain('dist/production/index.js');
    const besides = ['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE'];
    expect(files.filter((file) => !(file.startsWith('dist/') || besides.includes(file)))).toEqual(
      [],
    );
    expect(files.filter((file) => /\.test\.|\.bench\.|test-support|\/test-/.test(file))).toEqual(
      [],
    );
  });

  it('packs create-loop with its CLI and every template, without build leftovers', () => {
    const files = report.packed['create-loop']?.files ?? [];
    expect(TEMPLATES).toEqual(
      expect.arrayContaining(['canvas2d', 'mobile', 'multiplayer', 'r3f', 'rapier', 'three']),
    );
    expect(files).toEqual(
      expect.arrayContaining([
        'CHANGELOG.md',
        'dist/index.js',
        'dist/workspace-versions.json',
        ...TEMPLATES.flatMap((t) => [`templates/${t}/package.json`, `templates/${t}/_gitignore`]),
      ]),
    );
    expect(files.filter((file) => /node_modules|\/dist\/|\.tsbuildinfo$/.test(file))).toEqual([]);
  });

  it('builds create-loop after versioning, so new projects get the new libraries', () => {
    expect(report.workspaceVersions).toEqual(
      Object.fromEntries(LIBRARIES.map((name) => [name, report.after[name]])),
    );
  });
});
