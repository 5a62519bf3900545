import { describe, expect, it } from 'vitest';
import { rapierTestConfig } from './game-config.js';

const SESSIONS = ['src/replay.test.ts', 'src/drop.test.ts'];

describe('rapierTestConfig', () => {
  it('runs the unit tests without the sessions, and the sessions on their own, both with the plugin', () => {
    const test = rapierTestConfig('@dimforge/rapier3d', {
      setup: 'src/test-support/rapier.ts',
      e2e: SESSIONS,
    });
    expect(test).toEqual({
      server: { deps: { inline: ['@dimforge/rapier3d'] } },
      setupFiles: ['src/test-support/rapier.ts'],
      testTimeout: 60_000,
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            exclude: ['**/node_modules/**', '**/.git/**', ...SESSIONS],
            isolate: false,
          },
        },
        { extends: true, test: { name: 'e2e', include: SESSIONS } },
      ],
    });
    const other = rapierTestConfig('@dimforge/rapier3d-deterministic', {
      setup: 's.ts',
      e2e: [],
      timeout: 5000,
    });
    expect(other.testTimeout).toBe(5000);
    expect(other.server).toEqual({ deps: { inline: ['@dimforge/rapier3d-deterministic'] } });
  });

  it('refuses a setup, a list of sessions or a timeout that is none, naming the option', () => {
    const config = (fields: Record<string, unknown>) => () =>
      rapierTestConfig('r', { setup: 's.ts', e2e: [], ...fields } as never);
    expect(config({ setup: '' })).toThrow('rapierGameConfig tests.setup must be a file, got ');
    expect(config({ setup: 3 })).toThrow(RangeError);
    expect(config({ e2e: 'src/replay.test.ts' })).toThrow(
      'rapierGameConfig tests.e2e must be a list of files, got src/replay.test.ts',
    );
    expect(config({ timeout: 0 })).toThrow('rapierGameConfig tests.timeout must be above 0, got 0');
  });
});
