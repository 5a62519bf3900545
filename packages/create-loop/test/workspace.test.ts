import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { run, useSandbox } from './helpers.js';

/**
 * The built CLI inside a pnpm workspace that holds @loop/core (laid out like the loop
 * repository, `games/*` among its patterns): the project keeps `workspace:` for what the
 * workspace holds, says so, and prints pnpm's next steps whoever ran it. The fixture template
 * `alpha` also depends on @loop/fixture-tools, which this workspace does not hold.
 */

const sandbox = useSandbox('create-loop-ws-');
const NPM = { npm_config_user_agent: 'npm/11.19.1 node/v20.20.2 linux x64 workspaces/false' };

/** Writes `json` as `<work>/<path>/package.json`. */
function pkg(path: string, json: Record<string, unknown>): void {
  mkdirSync(join(sandbox.work, path), { recursive: true });
  writeFileSync(join(sandbox.work, path, 'package.json'), JSON.stringify(json));
}

const manifestOf = (dir: string) =>
  JSON.parse(readFileSync(join(sandbox.work, dir, 'package.json'), 'utf8'));

beforeEach(() => {
  pkg('.', { name: 'repo', private: true });
  pkg('packages/core', { name: '@loop/core', version: '0.1.0' });
  writeFileSync(
    join(sandbox.work, 'pnpm-workspace.yaml'),
    'packages:\n  - packages/*\n  - games/*\n',
  );
});

describe('inside a pnpm workspace that holds @loop/core', () => {
  it('under games/: keeps workspace: for @loop/core, says so, next steps with pnpm', async () => {
    const result = await run(sandbox.bin, ['games/my-game', '-t', 'alpha'], {
      cwd: sandbox.work,
      env: NPM,
    });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const manifest = manifestOf('games/my-game');
    expect(manifest.dependencies['@loop/core']).toBe('workspace:^');
    expect(manifest.peerDependencies['@loop/core']).toBe('workspace:*');
    expect(manifest.devDependencies['@loop/fixture-tools']).toBe('~1.2.3');
    expect(manifest.optionalDependencies['@loop/fixture-tools']).toBe('^1.0.0');
    expect(result.stdout).toContain(
      `${join(sandbox.work, 'games', 'my-game')} is a package of the pnpm workspace at ${sandbox.work}: kept the workspace: specs of @loop/core`,
    );
    expect(result.stdout).toContain(
      "  cd games/my-game\n  pnpm install\n  pnpm --filter 'my-game^...' build\n  pnpm dev\n",
    );
  });

  it('outside its patterns: published versions, and a note that says where to go', async () => {
    const result = await run(sandbox.bin, ['my-game', '-t', 'alpha'], {
      cwd: sandbox.work,
      env: NPM,
    });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(manifestOf('my-game').dependencies['@loop/core']).toBe('^0.1.0');
    expect(result.stdout).toMatch(/note: .*my-game is inside the pnpm workspace at /);
    expect(result.stdout).toContain('(e.g. games/my-game)');
    expect(result.stdout).toContain('  npm install\n  npm run dev\n');
  });

  it('a workspace without @loop/core changes nothing and says nothing', async () => {
    pkg('packages/core', { name: 'something-else', version: '1.0.0' });
    const result = await run(sandbox.bin, ['games/my-game', '-t', 'alpha'], {
      cwd: sandbox.work,
      env: NPM,
    });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(manifestOf('games/my-game').dependencies['@loop/core']).toBe('^0.1.0');
    expect(result.stdout).not.toContain('workspace');
    expect(result.stdout).toContain('  npm install\n  npm run dev\n');
  });
});
