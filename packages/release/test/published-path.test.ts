import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readBlockContext, renderBlocks } from '../../create-loop/src/start-blocks.js';
import { type DryRunReport, releaseDryRun, repoRoot } from '../dry-run.mjs';
import { configuredRegistry, type LocalRegistry, startRegistry } from './registry.js';
import { type Ran, run, strangerEnv } from './stranger.js';

/**
 * The published path with a real registry, before anything is published: the release dry run
 * versions, builds and packs every public package (@loop/core, @loop/net, @loop/r3f,
 * @loop/rapier, create-loop) as `pnpm release` would; they are
 * published with `npm publish` to a local Verdaccio (temporary storage, a free port, everything
 * else proxied to the registry npm uses here); then the root README's published commands (its
 * release switch flipped, as the first release will flip it) run against it as a stranger would (`npm_config_registry` pointing at it,
 * empty caches): the create command, the install it prints, the scaffold's own test and build.
 *
 * Run time: two of the README's lines, not every template under every manager: the npm line
 * (three) and the pnpm line (canvas2d), each tested and built; the other templates are
 * scaffolded from the registry with npm, installed and built (below, OTHER_TEMPLATES). Every
 * template is also tested and looked at in Chromium by create-loop's e2e, from the same tarballs. The yarn line is not run:
 * yarn is not installed on these machines. Nothing here is timed.
 */

/**
 * The lines of the first ```sh block after "From npm" in "Start a game" of `readme`: the
 * README as the release publishes it (its switch flipped), where the npm commands come first.
 */
function publishedCommands(readme: string): string[] {
  const section = readme.slice(readme.indexOf('\n## Start a game\n'));
  const after = section.slice(section.search(/\*\*From npm\*\*/));
  const block = /```sh\n([\s\S]*?)```/.exec(after.slice(0, after.indexOf('\n## ')))?.[1] ?? '';
  return block
    .trim()
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter(Boolean);
}

/** `sha512-<base64>`, the integrity npm and pnpm record for a tarball. */
const integrity = (file: string) =>
  `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;

/** The README as the release will have it: the real one with its switch's blocks flipped. */
const RELEASED_README = renderBlocks(
  readFileSync(join(repoRoot, 'README.md'), 'utf8'),
  readBlockContext(repoRoot, true),
);
const commands = publishedCommands(RELEASED_README);
const byNpm = commands.find((line) => line.startsWith('npm create loop@latest '));
const byPnpm = commands.find((line) => line.startsWith('pnpm create loop '));

let released: DryRunReport;
let tmp: string;
let registry: LocalRegistry | undefined;
let tarballs: Record<string, string>;
let version: string;

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'loop-published-path-'));
  // Released as the first release will be: the switch flipped in the copy (see releaseDryRun).
  const report = releaseDryRun({ bump: 'patch', packInto: join(tmp, 'packs'), published: true });
  released = report;
  tarballs = report.tarballs;
  version = report.after['@loop/core']!;
  registry = await startRegistry(join(tmp, 'registry'), configuredRegistry());
  // npm publish wants a token for the registry, any token: Verdaccio lets anyone publish ours.
  const publisher = strangerEnv(registry.url, join(tmp, 'publisher'));
  const host = registry.url.replace(/^http:/, '');
  writeFileSync(publisher.npm_config_userconfig!, `${host}:_authToken=throwaway\n`);
  for (const name of Object.keys(tarballs)) {
    run('npm', ['publish', tarballs[name]!, '--registry', registry.url], {
      cwd: tmp,
      env: publisher,
    });
  }
});

afterAll(async () => {
  await registry?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

it('the released README shows the published commands first, and says nothing of a 404', () => {
  // The copy's README, flipped by the script the release runs, is the one rendered here.
  expect(released.readme).toBe(RELEASED_README);
  const start = RELEASED_README.slice(RELEASED_README.indexOf('\n## Start a game\n'));
  expect(start.indexOf('npm create loop@latest')).toBeLessThan(start.indexOf('create:local'));
  expect(RELEASED_README).not.toMatch(/not on npm yet|answer 404/);
});

it('the README shows the published commands for npm, pnpm and yarn', () => {
  expect(commands.map((line) => line.split(' ')[0])).toEqual(
    expect.arrayContaining(['npm', 'pnpm', 'yarn']),
  );
  expect(byNpm).toBeDefined();
  expect(byPnpm).toBeDefined();
  // One template through each manager, so that two templates are proven, not one twice.
  const templateOf = (line = '') => line.split(/\s+/)[line.split(/\s+/).indexOf('--template') + 1];
  expect(templateOf(byNpm)).not.toBe(templateOf(byPnpm));
});

it('the local registry serves the versioned packages it was given, and others from upstream', async () => {
  expect(version).toMatch(/^\d+\.\d+\.\d+$/);
  expect(Object.keys(tarballs).sort()).toEqual([
    '@loop/core',
    '@loop/net',
    '@loop/r3f',
    '@loop/rapier',
    'create-loop',
  ]);
  for (const name of Object.keys(tarballs)) {
    const packument = await (await fetch(`${registry!.url}${name.replace('/', '%2f')}`)).json();
    expect(packument['dist-tags'], name).toEqual({ latest: version });
    expect(packument.versions[version].dist.integrity).toBe(integrity(tarballs[name]!));
  }
  expect((await fetch(`${registry!.url}vite`)).ok).toBe(true);
});

describe.each([
  ['npm', byNpm ?? ''],
  ['pnpm', byPnpm ?? ''],
])('%s: the README line', (manager, line) => {
  const [command, ...args] = line.split(/\s+/);
  const template = args[args.indexOf('--template') + 1]!;
  const dir = args.find((arg) => !/^(create|loop(@latest)?|--.*)$/.test(arg) && arg !== template)!;
  let env: NodeJS.ProcessEnv;
  let work: string;
  let created: Ran;
  let project: string;

  beforeAll(() => {
    work = join(tmp, `${manager}-user`);
    mkdirSync(work);
    env = strangerEnv(registry!.url, join(tmp, `${manager}-home`));
    created = run(command!, args, { cwd: work, env });
    project = join(work, dir);
  });

  it(`\`${line}\` scaffolds from the registry, with ${manager}'s next steps`, () => {
    expect(created.stdout).toContain(`Scaffolding ${template} in ${project}`);
    const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'));
    expect(manifest.name).toBe(dir);
    expect(manifest.dependencies['@loop/core']).toBe(`^${version}`);
    expect(created.stdout).toContain(`  cd ${dir}\n  ${manager} install\n`);
    // The registry holds what the scaffold asks for: no warning, no advice to clone.
    expect(created.stdout).not.toMatch(/warning:|note: could not check|path that works/);
  });

  it(`\`${manager} install\` takes @loop/core from the local registry`, () => {
    run(manager, ['install'], { cwd: project, env });
    const installed = join(project, 'node_modules', '@loop', 'core', 'package.json');
    expect(JSON.parse(readFileSync(installed, 'utf8')).version).toBe(version);
    const expected = integrity(tarballs['@loop/core']!);
    if (manager === 'npm') {
      const lock = JSON.parse(readFileSync(join(project, 'package-lock.json'), 'utf8'));
      const entry = lock.packages['node_modules/@loop/core'];
      expect(entry.resolved).toBe(`${registry!.url}@loop/core/-/core-${version}.tgz`);
      expect(entry.integrity).toBe(expected);
    } else {
      const lock = parse(readFileSync(join(project, 'pnpm-lock.yaml'), 'utf8'));
      expect(lock.packages[`@loop/core@${version}`].resolution.integrity).toBe(expected);
    }
  }, 240_000);

  it("the scaffold's own test and build pass", () => {
    const tested = run(manager, ['test'], { cwd: project, env });
    expect(tested.stdout).toMatch(/Tests\s+[1-9]\d* passed \(\d+\)/);
    expect(tested.stdout).not.toMatch(/failed|skipped|todo/);
    run(manager, ['run', 'build'], { cwd: project, env });
    expect(existsSync(join(project, 'dist', 'index.html'))).toBe(true);
  }, 240_000);
});

/** The template a README line starts (`--template <name>`). */
const templateOf = (line: string | undefined) => /--template\s+(\S+)/.exec(line ?? '')?.[1];

/**
 * The templates the README's two lines do not start, from the one list there is (the folders
 * of templates/, as create-loop ships them): scaffolded from the registry here too, so a new
 * template is published-path tested the day it lands.
 */
const OTHER_TEMPLATES = readdirSync(join(repoRoot, 'templates'))
  .filter((name) => existsSync(join(repoRoot, 'templates', name, 'package.json')))
  .filter((name) => name !== templateOf(byNpm) && name !== templateOf(byPnpm))
  .sort();

it('scaffolds every template from the registry: the README lines start two, the rest below', () => {
  expect([templateOf(byNpm), templateOf(byPnpm)]).toEqual(['three', 'canvas2d']);
  expect(OTHER_TEMPLATES).toEqual(
    expect.arrayContaining(['mobile', 'multiplayer', 'r3f', 'rapier']),
  );
});

describe.each(OTHER_TEMPLATES)('npm create loop@latest, template %s', (template) => {
  it('scaffolds, installs every @loop/* package from the registry, and builds', () => {
    const work = join(tmp, `npm-${template}`);
    mkdirSync(work);
    const env = strangerEnv(registry!.url, join(tmp, `npm-${template}-home`));
    const args = [
      'create',
      'loop@latest',
      'game',
      '--',
      '--template',
      template,
      '--no-interactive',
    ];
    const created = run('npm', args, { cwd: work, env });
    expect(created.stdout).not.toMatch(/warning:|note: could not check|path that works/);
    const project = join(work, 'game');
    run('npm', ['install'], { cwd: project, env });
    const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'));
    const lock = JSON.parse(readFileSync(join(project, 'package-lock.json'), 'utf8'));
    const wanted = Object.keys(manifest.dependencies).filter((name) => name.startsWith('@loop/'));
    expect(wanted).toContain('@loop/core');
    for (const name of wanted) {
      expect(manifest.dependencies[name]).toBe(`^${version}`);
      const entry = lock.packages[`node_modules/${name}`];
      expect(entry.resolved).toBe(`${registry!.url}${name}/-/${name.split('/')[1]}-${version}.tgz`);
      expect(entry.integrity).toBe(integrity(tarballs[name]!));
    }
    run('npm', ['run', 'build'], { cwd: project, env });
    expect(existsSync(join(project, 'dist', 'index.html'))).toBe(true);
  }, 480_000);
});
