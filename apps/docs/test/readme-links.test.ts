import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every README of the repository sends its reader to Getting started, the page a newcomer
 * should open first, by a Markdown link that resolves to the page's source from where the
 * README sits (as GitHub renders it). Left out: the templates' READMEs, which are copied into
 * projects outside the repository where no relative link holds (create-loop's
 * template-readmes test checks that they name the page), test fixtures and the changesets note.
 */

const ROOT = resolve(import.meta.dirname, '../../..');
const GETTING_STARTED = join(ROOT, 'apps/docs/src/guide/getting-started.md');

const readmes = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard', '*README.md'],
  {
    cwd: ROOT,
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter((file) => file !== '' && !/^(templates|\.changeset)\/|\/test-fixtures\//.test(file));

/** The targets of a Markdown text's inline links, anchors and titles left off. */
function linkTargets(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s#]+)[^)]*\)/g)].map((match) => match[1] ?? '');
}

describe('every README links to Getting started', () => {
  it('finds the READMEs of the root, the packages and the apps', () => {
    expect(readmes).toEqual(
      expect.arrayContaining(['README.md', 'packages/core/README.md', 'apps/gallery/README.md']),
    );
  });

  it.for(readmes)('%s', (file) => {
    const from = dirname(join(ROOT, file));
    const targets = linkTargets(readFileSync(join(ROOT, file), 'utf8')).map((target) =>
      resolve(from, target),
    );
    expect(targets, `${file} has no link to apps/docs/src/guide/getting-started.md`).toContain(
      GETTING_STARTED,
    );
  });
});
