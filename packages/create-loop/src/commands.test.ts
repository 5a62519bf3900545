import { describe, expect, it } from 'vitest';
import { forPackageManager, installCommand, runCommand } from './commands.js';

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
pnpm build           # into dist/
pnpm test
\`\`\`

Published on npm as [@loop/core](https://www.npmjs.com/package/@loop/core); \`pnpm typecheck\`
checks the types.
`);
  });

  it('writes yarn and bun commands, bun with run for every script', () => {
    const yarn = forPackageManager(README, 'yarn');
    expect(yarn).toContain('\nyarn\nyarn dev --host   #');
    expect(yarn).toContain('\nyarn test\n');
    const bun = forPackageManager(README, 'bun');
    expect(bun).toContain('\nbun install\nbun run dev --host   #');
    expect(bun).toContain('\nbun run test\n');
    expect(bun).not.toMatch(/\bnpm (install|test|run)\b/);
  });
});
