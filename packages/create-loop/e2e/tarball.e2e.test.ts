import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { shippedTemplateFiles, TEMPLATES_SOURCE, tempDir } from '../test/helpers.js';
import { createLoop, packCli } from './packs.js';
import { exec } from './processes.js';
import { TEMPLATES } from './templates.js';

/**
 * The packed create-loop, as `pnpm publish` packs it: what the tarball holds, and the
 * templates its bin lists when `npm create loop` runs it (scaffold.e2e.test.ts then scaffolds
 * each one).
 */

let tmp: string;
let cliTgz: string;

beforeAll(async () => {
  tmp = tempDir('create-loop-e2e-tarball-');
  const packs = join(tmp, 'packs');
  mkdirSync(packs);
  cliTgz = await packCli(packs);
});

afterAll(() => {
  if (tmp && !process.env.KEEP_E2E) rmSync(tmp, { recursive: true, force: true });
});

it('the packed create-loop ships its bin, dist, the templates and their versions, nothing else', async () => {
  const { stdout } = await exec('tar', ['-tzf', cliTgz], { cwd: tmp });
  const files = stdout.trim().split('\n');
  expect(files).toContain('package/bin/create-loop.js');
  expect(files).toContain('package/dist/index.js');
  expect(files).toContain('package/dist/workspace-versions.json');
  const expected =
    /^package\/(package\.json|README\.md|bin\/create-loop\.js|dist\/[^/]+|templates\/.+)$/;
  expect(files.filter((f) => !expected.test(f))).toEqual([]);
  expect(files.filter((f) => /\.test\.js$/.test(f))).toEqual([]);
  for (const t of TEMPLATES) {
    const shipped = files
      .filter((f) => f.startsWith(`package/templates/${t}/`))
      .map((f) => f.slice(`package/templates/${t}/`.length))
      .sort();
    expect(shipped, `templates/${t} in the tarball`).toEqual(
      shippedTemplateFiles(join(TEMPLATES_SOURCE, t)),
    );
    expect(shipped).toContain('_gitignore');
  }
  const work = join(tmp, 'list');
  mkdirSync(work);
  const listed = (await createLoop(cliTgz, work, ['--list'])).stdout
    .trim()
    .split('\n')
    .map((l) => l.split(/\s+/)[0]);
  expect(listed).toEqual(TEMPLATES);
});
