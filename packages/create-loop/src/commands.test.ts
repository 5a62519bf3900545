import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commentColumn, forPackageManager, installCommand, runCommand } from './commands.js';

describe('installCommand and runCommand', () => {
  it('spell install and scripts as each manager does', () => {
    expect(['npm', 'pnpm', 'yarn', 'bun'].map((pm) => installCommand(pm as never))).toEqual([
      'npm install',
      'pnpm install',
      'yarn',
      'bun install',
    ]);
    expect(['npm', 'pnpm', 'yarn', 'bun'].map((pm) => runCommand(pm as never, 'dev'))).toEqual([
      'npm run dev',
      'pnpm dev',
      'yarn dev',
      'bun run dev',
    ]);
    // `bun test` would be bun's own runner, and npm has `test` without `run`.
    expect(['npm', 'pnpm', 'yarn', 'bun'].map((pm) => runCommand(pm as never, 'test'))).toEqual([
      'npm test',
      'pnpm test',
      'yarn test',
      'bun run test',
    ]);
  });
});

const README = `# game

\`\`\`sh
npm install
npm run dev -- --host   # on your phone
npm run build           # into dist/
npm test
\`\`\`

Published on npm as [@loop/core](https://www.npmjs.com/package/@loop/core); \`npm run typecheck\`
checks the types.
`;

describe('forPackageManager', () => {
  it('leaves an npm README as it is', () => {
    expect(forPackageManager(README, 'npm')).toBe(README);
  });

  it('rewrites every npm command for pnpm, dropping the -- npm needs before flags', () => {
    expect(forPackageManager(README, 'pnpm')).toBe(`# game

\`\`\`sh
pnpm install
pnpm dev --host   # on your phone
pnpm build        # into dist/
pnpm test
\`\`\`

Published on npm as [@loop/core](https://www.npmjs.com/package/@loop/core); \`pnpm typecheck\`
checks the types.
`);
  });

  it('writes yarn and bun commands, bun with run for every script', () => {
    const yarn = forPackageManager(README, 'yarn');
    expect(yarn).toContain('\nyarn\nyarn dev --host   #');
    expect(yarn).toContain('\nyarn build        #');
    expect(yarn).toContain('\nyarn test\n');
    const bun = forPackageManager(README, 'bun');
    expect(bun).toContain('\nbun install\nbun run dev --host   #');
    expect(bun).toContain('\nbun run test\n');
    expect(bun).not.toMatch(/\bnpm (install|test|run)\b/);
  });
});

/** The monorepo's templates' READMEs, as create-loop copies them. */
const TEMPLATES = resolve(import.meta.dirname, '..', '..', '..', 'templates');
const READMES = readdirSync(TEMPLATES).flatMap((name) => {
  try {
    return [[name, readFileSync(join(TEMPLATES, name, 'README.md'), 'utf8')] as const];
  } catch {
    return [];
  }
});

describe('comment columns', () => {
  it('keeps the gap before the comments, moving a continued comment with them', () => {
    const block =
      '```sh\nnpm run dev -- --host   # one\nnpm test                # two\n                        # more\n```';
    expect(forPackageManager(block, 'pnpm')).toBe(
      '```sh\npnpm dev --host   # one\npnpm test         # two\n                  # more\n```',
    );
  });

  it('leaves a block without comments, and prose, alone but for the commands', () => {
    expect(forPackageManager('run `npm test`  # not a block', 'pnpm')).toBe(
      'run `pnpm test`  # not a block',
    );
  });

  it('aligns only whole code blocks, fenced at the start of a line, never prose', () => {
    const lines = 'npm test        # a\nnpm run build   # b';
    // Prose whose comments happen to share a column, even ending in a fence, is not realigned.
    expect(forPackageManager(`see:\n${lines} \`\`\``, 'pnpm')).toBe(
      'see:\npnpm test        # a\npnpm build   # b ```',
    );
    // A fence after other text on its line opens no block.
    expect(forPackageManager(`x \`\`\`sh\n${lines}\n\`\`\``, 'pnpm')).toBe(
      'x ```sh\npnpm test        # a\npnpm build   # b\n```',
    );
    // A fence at the end of a command's line closes no block: the block goes on to the next.
    expect(
      forPackageManager('```sh\nnpm test        # see ```\nnpm run build   # b\n```', 'pnpm'),
    ).toBe('```sh\npnpm test    # see ```\npnpm build   # b\n```');
    // Nor does a line that starts with a fence and goes on.
    expect(
      forPackageManager(
        '```sh\nnpm test        # a\n```not a fence\nnpm run build   # b\n```',
        'pnpm',
      ),
    ).toBe('```sh\npnpm test    # a\n```not a fence\npnpm build   # b\n```');
  });

  it('leaves a block whose comments wander as rewritten, and an indented note that is off the column', () => {
    expect(forPackageManager('```sh\nnpm test  # a\nnpm run build   # b\n```', 'pnpm')).toBe(
      '```sh\npnpm test  # a\npnpm build   # b\n```',
    );
    expect(
      forPackageManager('```sh\nnpm test        # a\nnpm run build   # b\n  # note\n```', 'pnpm'),
    ).toBe('```sh\npnpm test    # a\npnpm build   # b\n  # note\n```');
  });

  it('reads a column: one, none, or -1 when the comments wander', () => {
    expect(commentColumn('a  # x\nbbb  # y')).toBe(-1);
    expect(commentColumn('a    # x\nbbb  # y')).toBe(5);
    expect(commentColumn('a\nb')).toBeUndefined();
  });

  it.each(READMES)(
    'templates/%s/README.md: every code block aligned for every manager',
    (name, text) => {
      for (const pm of ['npm', 'pnpm', 'yarn', 'bun'] as const) {
        for (const block of forPackageManager(text, pm).match(/^```[^\n]*\n[\s\S]*?^```$/gm) ??
          []) {
          expect(commentColumn(block), `${name} for ${pm}:\n${block}`).not.toBe(-1);
        }
      }
    },
  );
});
