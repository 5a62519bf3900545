import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type LocalRegistry, startRegistry } from '../test/registry-server.js';
import { installWarnings } from './install-warning.js';
import { unpublishedAdvice } from './start-commands.js';

/**
 * The last lines create-loop prints: whether `npm install` will find the published ranges the
 * project now depends on, asked of a registry on loopback as npm would ask its own.
 */
describe('installWarnings, against a registry on loopback', () => {
  let dir: string;
  let registry: LocalRegistry | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'create-loop-warn-'));
  });
  afterEach(async () => {
    await registry?.stop();
    registry = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  /** The project's package.json with these fields; its path. */
  const manifest = (fields: object) => {
    const file = join(dir, 'package.json');
    writeFileSync(file, JSON.stringify({ name: 'my-game', ...fields }));
    return file;
  };
  const check = (manifestFile: string, names: string[], url: string) =>
    installWarnings({
      manifestFile,
      names,
      template: 'three',
      folder: 'my-game',
      env: { npm_config_registry: url },
    });

  it('says nothing when every range is published, in whichever field it is', async () => {
    registry = await startRegistry({
      packages: { '@loop/core': ['0.1.0'], '@loop/net': ['0.2.1'], '@loop/r3f': ['1.0.0'] },
    });
    const file = manifest({
      dependencies: { '@loop/core': '^0.1.0' },
      devDependencies: { '@loop/net': '~0.2.0' },
      peerDependencies: { '@loop/r3f': '1.0.0' },
    });
    expect(await check(file, ['@loop/core', '@loop/net', '@loop/r3f'], registry.url)).toEqual([]);
    expect([...registry.requests].sort()).toEqual([
      '/@loop%2fcore',
      '/@loop%2fnet',
      '/@loop%2fr3f',
    ]);
  });

  it('warns of each range that is missing, then gives the path that works today', async () => {
    registry = await startRegistry({ packages: { '@loop/net': ['0.2.1'] } });
    const file = manifest({
      dependencies: { '@loop/core': '^0.1.0', '@loop/net': '^0.2.0', '@loop/rapier': '^0.3.0' },
    });
    const lines = await check(file, ['@loop/core', '@loop/net', '@loop/rapier'], registry.url);
    expect(lines).toEqual([
      `warning: @loop/core@^0.1.0 is not on the registry ${registry.url}: @loop/core is not on it (404), so the install will fail until it is published.`,
      `warning: @loop/rapier@^0.3.0 is not on the registry ${registry.url}: @loop/rapier is not on it (404), so the install will fail until it is published.`,
      unpublishedAdvice('three', 'my-game'),
    ]);
  });

  it('notes a range it could not check, with the same advice', async () => {
    registry = await startRegistry({ status: 500 });
    const file = manifest({ dependencies: { '@loop/core': '^0.1.0' } });
    expect(await check(file, ['@loop/core'], registry.url)).toEqual([
      `note: could not check that @loop/core@^0.1.0 is on the registry ${registry.url} (it answered 500); if the install answers 404, it is not published yet.`,
      unpublishedAdvice('three', 'my-game'),
    ]);
  });

  it('asks nothing when no dependency came from the workspace, or none of them is listed', async () => {
    registry = await startRegistry({ packages: {} });
    expect(await check(join(dir, 'absent.json'), [], registry.url)).toEqual([]);
    const file = manifest({ dependencies: { vite: '^8.0.0' }, scripts: { '@loop/core': 'x' } });
    expect(await check(file, ['@loop/core'], registry.url)).toEqual([]);
    expect(registry.requests).toEqual([]);
  });
});
