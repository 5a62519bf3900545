import { afterEach, describe, expect, it } from 'vitest';
import { run, useSandbox } from './helpers.js';
import { type LocalRegistry, startRegistry } from './registry-server.js';

/**
 * After scaffolding, the CLI asks the registry npm would use whether the published ranges it
 * wrote exist (the fixture templates depend on @loop/core ^0.1.0 and @loop/fixture-tools
 * ^1.2.3), against real registries on loopback.
 */

const sandbox = useSandbox('create-loop-registry-');
let registry: LocalRegistry | undefined;
afterEach(async () => {
  await registry?.stop();
  registry = undefined;
});

describe('the registry check', () => {
  it('warns when @loop/core is not published, and names the path that works', async () => {
    registry = await startRegistry({ packages: { '@loop/fixture-tools': ['1.2.3'] } });
    const result = await run(sandbox.bin, ['game', '-t', 'alpha'], {
      cwd: sandbox.work,
      env: { npm_config_registry: registry.url },
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `warning: @loop/core@^0.1.0 is not on the registry ${registry.url}: @loop/core is not on it (404), so the install will fail until it is published.`,
    );
    expect(result.stdout).toContain(
      'The path that works today: in a clone of the loop repository, run `pnpm create:local ../game --template alpha`',
    );
    expect(result.stdout).not.toContain('@loop/fixture-tools@');
    // The warning comes after the next steps: the last thing the user reads.
    expect(result.stdout.indexOf('warning:')).toBeGreaterThan(result.stdout.indexOf('Now run:'));
  });

  it('says nothing when every range is on the registry', async () => {
    const result = await run(sandbox.bin, ['game', '-t', 'alpha'], { cwd: sandbox.work });
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(/warning:|note: could not check|path that works/);
  });

  it('a registry that fails is a note, not a warning', async () => {
    registry = await startRegistry({ status: 503 });
    const result = await run(sandbox.bin, ['game', '-t', 'alpha'], {
      cwd: sandbox.work,
      env: { npm_config_registry: registry.url },
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `note: could not check that @loop/core@^0.1.0 is on the registry ${registry.url} (it answered 503)`,
    );
    expect(result.stdout).not.toContain('warning:');
  });

  it('asks nothing when create:local will vendor @loop/core', async () => {
    registry = await startRegistry({ packages: {} });
    const result = await run(sandbox.bin, ['game', '-t', 'alpha'], {
      cwd: sandbox.work,
      env: { npm_config_registry: registry.url, CREATE_LOOP_VENDORED: '1' },
    });
    expect(result.code).toBe(0);
    expect(registry.requests).toEqual([]);
    expect(result.stdout).not.toContain('warning:');
  });
});
