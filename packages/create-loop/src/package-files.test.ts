import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CliError } from './errors.js';
import {
  packageRoot,
  readOwnVersion,
  readWorkspaceVersions,
  templatesDir,
  versionsFile,
} from './package-files.js';

/** The files create-loop ships beside its code, found wherever a package manager put it. */
describe('the package’s own files', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'create-loop-files-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('are found from the code’s own folder: its package.json, templates/ and dist/', () => {
    const root = packageRoot();
    expect(root).toBe(resolve(import.meta.dirname, '..'));
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).name).toBe('create-loop');
    expect(templatesDir()).toBe(join(root, 'templates'));
    expect(templatesDir(dir)).toBe(join(dir, 'templates'));
    expect(versionsFile()).toBe(join(root, 'dist', 'workspace-versions.json'));
    expect(versionsFile(dir)).toBe(join(dir, 'dist', 'workspace-versions.json'));
  });

  it('give --version the package.json’s version, 0.0.0 when it has none', async () => {
    const own = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')).version;
    expect(await readOwnVersion()).toBe(own);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ version: '3.4.5' }));
    expect(await readOwnVersion(dir)).toBe('3.4.5');
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ version: 3 }));
    expect(await readOwnVersion(dir)).toBe('0.0.0');
    writeFileSync(join(dir, 'package.json'), '{}');
    expect(await readOwnVersion(dir)).toBe('0.0.0');
  });

  it('read the versions the build embedded, and refuse a missing file or a version that is no string', async () => {
    const file = join(dir, 'workspace-versions.json');
    writeFileSync(file, JSON.stringify({ '@loop/core': '0.1.0', '@loop/net': '0.2.0' }));
    expect(await readWorkspaceVersions(file)).toEqual({
      '@loop/core': '0.1.0',
      '@loop/net': '0.2.0',
    });
    const missing = join(dir, 'absent.json');
    await expect(readWorkspaceVersions(missing)).rejects.toEqual(
      new CliError(`${missing} is missing; this create-loop was not built with its build script`),
    );
    writeFileSync(file, JSON.stringify({ '@loop/core': '0.1.0', '@loop/net': 2 }));
    await expect(readWorkspaceVersions(file)).rejects.toEqual(
      new CliError(`${file}: the version of @loop/net is not a string`),
    );
    await expect(readWorkspaceVersions(file)).rejects.toBeInstanceOf(CliError);
  });
});
