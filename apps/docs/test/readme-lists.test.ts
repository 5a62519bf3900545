import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The lists written by hand in the READMEs hold every member they list: the root README's
 * "What is here" table a row for every package, template, app and example folder, and the
 * gallery README's `pnpm dev` line every app the gallery serves with its port. A template added
 * without its row fails here, not in a stranger's hands.
 */

const ROOT = resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** The workspace members under `group/` (folders with a package.json). */
function members(group: string): string[] {
  const dir = join(ROOT, group);
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'package.json')))
    .map((entry) => `${group}/${entry.name}`)
    .sort();
}

/** The paths in the first column of the root README's "What is here" table. */
function tableRows(): string[] {
  const readme = read('README.md');
  const start = readme.indexOf('## What is here');
  const table = readme.slice(start, readme.indexOf('\n## ', start + 1));
  return [...table.matchAll(/^\| `([^`]+)` +\|/gm)].map((match) => match[1]!);
}

describe('the hand-written lists of the READMEs', () => {
  it.each(['packages', 'templates', 'apps'])(
    'the root README has a row for every folder of %s/',
    (group) => {
      const rows = tableRows();
      for (const member of members(group)) expect(rows, member).toContain(member);
    },
  );

  it('the root README has no row for a folder that is not there', () => {
    for (const row of tableRows()) expect(existsSync(join(ROOT, row)), row).toBe(true);
  });

  it('the gallery README names every app `pnpm dev` serves, with its port', () => {
    const apps = JSON.parse(read('apps/gallery/apps.json')) as { name: string; port: number }[];
    const dev = read('apps/gallery/README.md')
      .split('\n')
      .find((line) => line.startsWith('pnpm dev '));
    expect(dev).toBeDefined();
    for (const app of apps) expect(dev, app.name).toContain(`${app.name} on ${app.port}`);
  });
});

describe("the multiplayer README's Hardening section", () => {
  it('names only tests that exist: in @loop/net (packages/net/) or in the template', () => {
    const readme = read('templates/multiplayer/README.md');
    const start = readme.indexOf('## Hardening');
    const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
    const named = [...section.matchAll(/`(src\/[\w/.-]+\.test\.ts)`/g)].map((match) => match[1]!);
    expect(named.length).toBeGreaterThan(20);
    for (const path of new Set(named)) {
      const found = ['packages/net', 'templates/multiplayer'].filter((dir) =>
        existsSync(join(ROOT, dir, path)),
      );
      expect(found, path).not.toEqual([]);
    }
  });
});
