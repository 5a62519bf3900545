import { describe, expect, it, vi } from 'vitest';
import { useMainInProcess } from '../test/main-in-process.js';
import { startRegistry } from '../test/registry-server.js';
import { main } from './cli.js';
import { unpublishedAdvice } from './start-commands.js';

/**
 * main() in this process (test/main-in-process.ts) and the registry: a warning when a range the
 * project depends on is not published, no question asked of it for a vendored project.
 */
describe('create-loop main()', () => {
  const run = useMainInProcess();

  it('warns last when a range the project depends on is not on the registry', async () => {
    vi.stubEnv('CREATE_LOOP_VENDORED', undefined);
    run.registry = await startRegistry({ packages: {} });
    vi.stubEnv('npm_config_registry', run.registry.url);
    await main(['game', '-t', 'canvas2d']);
    const range = run.manifestOf('game').dependencies['@loop/core'];
    expect(run.printed.slice(-3)).toEqual([
      `warning: @loop/core@${range} is not on the registry ${run.registry.url}: @loop/core is not on it (404), so the install will fail until it is published.`,
      unpublishedAdvice('canvas2d', 'game'),
      '',
    ]);
    expect(run.registry.requests).toEqual(['/@loop%2fcore']);
  });

  it('asks no registry when the project was vendored by create:local, and says nothing when all is published', async () => {
    run.registry = await startRegistry({ packages: {} });
    vi.stubEnv('npm_config_registry', run.registry.url);
    await main(['vendored', '-t', 'canvas2d']);
    expect(run.registry.requests).toEqual([]);
    await run.registry.stop();
    vi.stubEnv('CREATE_LOOP_VENDORED', '0');
    run.registry = await startRegistry({ packages: { '@loop/core': ['0.1.0', '9.9.9'] } });
    vi.stubEnv('npm_config_registry', run.registry.url);
    const range = run.manifestOf('vendored').dependencies['@loop/core'];
    run.printed = [];
    await main(['published', '-t', 'canvas2d']);
    expect(run.registry.requests).toEqual(['/@loop%2fcore']);
    expect(run.printed.slice(-2)).toEqual(['  npm run dev', '']);
    expect(run.printed.join('\n')).not.toMatch(/warning|note/);
    expect(range).toBe('^0.1.0');
  });
});
