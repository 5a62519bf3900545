import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type LocalRegistry, startRegistry } from '../test/registry-server.js';
import { checkPublished, DEFAULT_REGISTRY, registryFor, satisfies } from './registry-check.js';

describe('satisfies', () => {
  it.each([
    ['0.1.0', '^0.1.0', true],
    ['0.1.9', '^0.1.0', true],
    ['0.2.0', '^0.1.0', false],
    ['0.0.9', '^0.1.0', false],
    ['0.0.3', '^0.0.3', true],
    ['0.0.4', '^0.0.3', false],
    ['1.4.0', '^1.2.3', true],
    ['2.0.0', '^1.2.3', false],
    ['1.2.2', '^1.2.3', false],
    ['1.2.9', '~1.2.3', true],
    ['1.3.0', '~1.2.3', false],
    ['1.2.3', '1.2.3', true],
    ['1.2.4', '1.2.3', false],
    ['0.1.1-beta.1', '^0.1.0', false],
    ['1.1.0', '^0.1.0', false],
    ['1.0.3', '^0.0.3', false],
    ['0.1.3', '^0.0.3', false],
    ['2.2.5', '~1.2.3', false],
    ['10.2.0', '^10.1.0', true],
    ['1.12.0', '~1.10.0', false],
    ['1.10.11', '~1.10.10', true],
    ['v1.2.3', '^1.0.0', false],
    ['1.2.3.4', '^1.0.0', false],
  ])('%s in %s: %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });

  it('reads no other form of range', () => {
    expect(satisfies('1.0.0', '>=1.0.0')).toBeUndefined();
    expect(satisfies('1.0.0', 'latest')).toBeUndefined();
    expect(satisfies('1.0.0', 'workspace:^')).toBeUndefined();
    expect(satisfies('1.2.3', '^1.2.3-beta.1')).toBeUndefined();
    expect(satisfies('1.2.3', '1.2')).toBeUndefined();
  });
});

describe('registryFor', () => {
  it('takes the scope’s registry, then npm’s, then the default, always with a slash', () => {
    expect(registryFor('@loop/core', {})).toBe(DEFAULT_REGISTRY);
    expect(registryFor('@loop/core', { npm_config_registry: 'http://r.test' })).toBe(
      'http://r.test/',
    );
    const env = { npm_config_registry: 'http://r.test/', 'npm_config_@loop:registry': 'http://s/' };
    expect(registryFor('@loop/core', env)).toBe('http://s/');
    expect(registryFor('vite', env)).toBe('http://r.test/');
    // A registry setting of a name that is no scope is not one npm reads.
    expect(registryFor('vite', { 'npm_config_vite:registry': 'http://v/' })).toBe(DEFAULT_REGISTRY);
  });
});

describe('checkPublished, against a registry on loopback', () => {
  let registry: LocalRegistry | undefined;
  afterEach(async () => {
    await registry?.stop();
    registry = undefined;
  });

  it('finds a version in the range: published, in one request for the scoped name', async () => {
    registry = await startRegistry({ packages: { '@loop/core': ['0.0.9', '0.1.2'] } });
    expect(await checkPublished('@loop/core', '^0.1.0', registry.url)).toEqual({
      state: 'published',
      registry: registry.url,
    });
    expect(registry.requests).toEqual(['/@loop%2fcore']);
    // The abbreviated document: the versions without every release's readme.
    expect(registry.accepts).toEqual(['application/vnd.npm.install-v1+json']);
  });

  it('a 404 is missing, saying so', async () => {
    registry = await startRegistry({ packages: {} });
    expect(await checkPublished('@loop/core', '^0.1.0', registry.url)).toEqual({
      state: 'missing',
      registry: registry.url,
      why: '@loop/core is not on it (404)',
    });
  });

  it('versions outside the range are missing, naming what is there', async () => {
    registry = await startRegistry({ packages: { '@loop/core': ['0.0.9', '0.2.0'] } });
    const answer = await checkPublished('@loop/core', '^0.1.0', registry.url);
    expect(answer).toMatchObject({ state: 'missing' });
    expect(answer.state === 'missing' && answer.why).toBe(
      'no version of @loop/core on it matches ^0.1.0 (it has 0.0.9, 0.2.0)',
    );
  });

  it('names the last five versions there, or that there are none', async () => {
    const many = ['0.0.1', '0.0.2', '0.0.3', '0.0.4', '0.0.5', '0.0.6', '0.2.0'];
    registry = await startRegistry({ packages: { '@loop/core': many, '@loop/none': [] } });
    expect(await checkPublished('@loop/core', '^0.1.0', registry.url)).toEqual({
      state: 'missing',
      registry: registry.url,
      why: 'no version of @loop/core on it matches ^0.1.0 (it has 0.0.3, 0.0.4, 0.0.5, 0.0.6, 0.2.0)',
    });
    expect(await checkPublished('@loop/none', '^0.1.0', registry.url)).toEqual({
      state: 'missing',
      registry: registry.url,
      why: 'no version of @loop/none on it matches ^0.1.0 (none published)',
    });
  });

  it('an error status or a body that is no package document is unknown, not missing', async () => {
    registry = await startRegistry({ status: 500 });
    expect(await checkPublished('@loop/core', '^0.1.0', registry.url)).toMatchObject({
      state: 'unknown',
      why: 'it answered 500',
    });
    await registry.stop();
    registry = await startRegistry({ status: 200 });
    expect(await checkPublished('@loop/core', '^0.1.0', registry.url)).toMatchObject({
      state: 'unknown',
      why: 'its answer was not a package document',
    });
  });

  it('a registry that never answers is unknown once the time limit passes', async () => {
    registry = await startRegistry({ hang: true });
    expect(await checkPublished('@loop/core', '^0.1.0', registry.url, 50)).toMatchObject({
      state: 'unknown',
      why: 'no answer within 0.05 s',
    });
  });

  it('a registry that cannot be reached is unknown', async () => {
    // A port that was free a moment ago: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    expect(await checkPublished('@loop/core', '^0.1.0', `http://127.0.0.1:${port}/`)).toMatchObject(
      { state: 'unknown', why: 'the registry could not be reached' },
    );
  });

  it('a range it cannot read is unknown without asking', async () => {
    registry = await startRegistry({ packages: {} });
    expect(await checkPublished('@loop/core', '>=0.1.0', registry.url)).toEqual({
      state: 'unknown',
      registry: registry.url,
      why: 'the range >=0.1.0 is not one this check reads',
    });
    expect(registry.requests).toEqual([]);
  });
});
