import { describe, expect, it } from 'vitest';
import {
  alignComments,
  cardCommand,
  cardNote,
  createMarkdown,
  installMarkdown,
  localCreate,
  NOT_ON_NPM,
  publishedCreate,
  templateList,
  unpublishedAdvice,
  usageLines,
} from './start-commands.js';

describe('the two states of the switch', () => {
  it('before the release, the page says nothing is on npm and shows the clone’s path first', () => {
    const text = createMarkdown(false, { template: 'three' });
    expect(text.startsWith(NOT_ON_NPM)).toBe(true);
    const local = text.indexOf('pnpm create:local ../my-game --template three');
    const release = text.indexOf('npm create loop@latest my-game -- --template three');
    expect(local).toBeGreaterThan(0);
    expect(release).toBeGreaterThan(local);
    expect(text).toContain('After the first release it will be:');
  });

  it('after it, only the published command, and no word of a clone or of 404', () => {
    const text = createMarkdown(true, { template: 'three', dir: 'g' });
    expect(text).toBe(
      '```sh\nnpm create loop@latest g -- --template three\ncd g\nnpm install\nnpm run dev\n```',
    );
  });

  it('one line with a comment, aligned with the line above it', () => {
    const text = createMarkdown(false, {
      template: 'multiplayer',
      dir: 'arena',
      oneLine: true,
      devComment: 'one URL',
    });
    expect(text).toContain(
      '```sh\npnpm create:local ../arena --template multiplayer  # in a clone of the loop repository\n' +
        'cd ../arena && npm install && npm run dev          # one URL\n```',
    );
  });

  it('installing @loop/core: the packed tarball of the clone’s version first, then npm install', () => {
    const before = installMarkdown(false, '1.2.3');
    expect(before).toContain('npm install /path/to/loop/packages/core/loop-core-1.2.3.tgz');
    expect(before.indexOf('loop-core-1.2.3.tgz')).toBeLessThan(
      before.indexOf('npm install @loop/core\n'),
    );
    expect(before).toContain(NOT_ON_NPM);
    expect(installMarkdown(true, '1.2.3')).toBe('```sh\nnpm install @loop/core\n```');
  });

  it('installs a library beside core and its peer: each loop tarball packed, the peer by name', () => {
    const packages = ['@loop/core', '@loop/rapier', '@dimforge/rapier3d'];
    expect(installMarkdown(true, '1.2.3', packages)).toBe(
      '```sh\nnpm install @loop/core @loop/rapier @dimforge/rapier3d\n```',
    );
    const before = installMarkdown(false, '1.2.3', packages);
    expect(before).toContain(
      'pnpm install && pnpm --filter @loop/core --filter @loop/rapier build',
    );
    expect(before).toContain(
      'pnpm --filter @loop/core --filter @loop/rapier exec pnpm pack --pack-destination ../../packs',
    );
    expect(before).toContain(
      'npm install /path/to/loop/packs/loop-core-1.2.3.tgz ' +
        '/path/to/loop/packs/loop-rapier-1.2.3.tgz @dimforge/rapier3d',
    );
    expect(before).toContain('install the tarballs:');
    expect(before).not.toContain('@dimforge/rapier3d build');
  });

  it('usage lines: the clone’s first before the release, npm, pnpm and yarn always', () => {
    expect(usageLines(true).map(([line]) => line.split(' ')[0])).toEqual(['npm', 'pnpm', 'yarn']);
    expect(usageLines(true).every(([, comment]) => comment === undefined)).toBe(true);
    const before = usageLines(false);
    expect(before[0]).toEqual([localCreate('rapier'), 'today, in a clone of the loop repository']);
    expect(before.slice(1).map(([line]) => line.split(' ')[0])).toEqual(['npm', 'pnpm', 'yarn']);
  });

  it('a gallery card: the command and what to say around it', () => {
    expect(cardCommand(true, 'multiplayer')).toBe(publishedCreate('npm', 'multiplayer'));
    expect(cardNote(true)).toBe('');
    expect(cardCommand(false, 'multiplayer')).toBe(localCreate('multiplayer'));
    expect(cardNote(false)).toContain('nothing is on npm yet');
  });

  it('the advice names the command that works for the template and folder', () => {
    expect(unpublishedAdvice('rapier', 'ball')).toContain(
      '`pnpm create:local ../ball --template rapier`',
    );
  });

  it('the advice, word for word: the clone’s command, the tarball, and the docs’ first page', () => {
    expect(unpublishedAdvice('three')).toBe(
      'The path that works today: in a clone of the loop repository, run ' +
        "`pnpm create:local ../my-game --template three` (it packs the game's @loop/* packages " +
        'into its vendor/ folder), or point the dependency at a packed tarball. See ' +
        'apps/docs/src/guide/getting-started.md in the repository.',
    );
  });
});

describe('helpers', () => {
  it('npm needs @latest and -- ; pnpm and yarn do not', () => {
    expect(publishedCreate('npm', 't', 'd')).toBe('npm create loop@latest d -- --template t');
    expect(publishedCreate('pnpm', 't', 'd')).toBe('pnpm create loop d --template t');
    expect(publishedCreate('yarn', 't', 'd')).toBe('yarn create loop d --template t');
  });

  it('alignComments puts every comment two spaces after the longest commented command', () => {
    expect(alignComments([['a', 'x'], ['abc'], ['abcd', 'y']])).toEqual([
      'a     # x',
      'abc',
      'abcd  # y',
    ]);
    expect(alignComments([['a'], ['b']])).toEqual(['a', 'b']);
  });

  it('templateList writes a sentence of names', () => {
    expect(templateList([])).toBe('');
    expect(templateList(['a'])).toBe('`a`');
    expect(templateList(['a', 'b'])).toBe('`a` and `b`');
    expect(templateList(['a', 'b', 'c'])).toBe('`a`, `b` and `c`');
  });
});
