import { describe, expect, it } from 'vitest';
import { detectPackageManager } from './package-manager.js';

describe('detectPackageManager', () => {
  it.each([
    ['npm/11.6.2 node/v20.20.2 linux x64 workspaces/false', 'npm', '11.6.2'],
    ['pnpm/10.34.9 npm/? node/v20.20.2 linux x64', 'pnpm', '10.34.9'],
    ['yarn/1.22.22 npm/? node/v20.20.2 linux x64', 'yarn', '1.22.22'],
    ['yarn/4.5.3 npm/? node/v22.11.0 darwin arm64', 'yarn', '4.5.3'],
    ['bun/1.1.38 npm/? node/v22.6.0 linux x64', 'bun', '1.1.38'],
  ] as const)('%s -> %s', (agent, name, version) => {
    expect(detectPackageManager(agent)).toEqual({ name, version });
  });

  it('falls back to npm for no agent, an empty one or an unknown tool', () => {
    for (const agent of [
      undefined,
      '',
      '   ',
      'deno/2.1.4 npm/? deno/2.1.4 linux x86_64',
      'garbage',
    ]) {
      expect(detectPackageManager(agent)).toEqual({ name: 'npm', version: undefined });
    }
  });

  it('takes a tool named without a version', () => {
    expect(detectPackageManager('pnpm')).toEqual({ name: 'pnpm', version: undefined });
    expect(detectPackageManager('yarn/ node/v20')).toEqual({ name: 'yarn', version: undefined });
  });

  it('ignores case and surrounding space', () => {
    expect(detectPackageManager('  PNPM/9.0.0 npm/?').name).toBe('pnpm');
  });
});
