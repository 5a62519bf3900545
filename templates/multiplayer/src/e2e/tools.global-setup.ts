import type { TestProject } from 'vitest/node';
import { findChromium, INSTALL_CHROMIUM } from './find-chromium';
import type { Found } from './find-executable';
import { findRedisServer, INSTALL_REDIS } from './find-redis';
import { toolsRequired } from './tools-required';

declare module 'vitest' {
  /** What the end-to-end tests `inject()`: each program's path, or null to skip. */
  export interface ProvidedContext {
    chromium: string | null;
    redisServer: string | null;
  }
}

/** One program the end-to-end tests need, and the tests that skip without it. */
interface Need {
  readonly key: 'chromium' | 'redisServer';
  readonly found: Found;
  readonly tests: string;
  readonly install: string;
}

/**
 * The end-to-end project's global setup (vitest.config.ts): finds Chromium and redis-server
 * once, before any test, and hands their paths to the tests (`inject('chromium')`). Without one,
 * on a developer's machine its tests skip and this prints one line saying what to install; where
 * {@link toolsRequired} says skipping is not allowed (CI, the loop monorepo), it throws that line
 * instead, and the run fails before a test starts.
 */
export default function setup(project: TestProject): void {
  const needs: Need[] = [
    {
      key: 'chromium',
      found: findChromium(),
      tests: 'the two-page browser test',
      install: INSTALL_CHROMIUM,
    },
    {
      key: 'redisServer',
      found: findRedisServer(),
      tests: 'the two-process (Redis) test',
      install: INSTALL_REDIS,
    },
  ];
  const lines = needs
    .filter((need) => need.found.path === undefined)
    .map((need) => `${need.found.why}: ${need.install}`);
  const required = toolsRequired();
  if (lines.length > 0 && required !== undefined) {
    throw new Error(`${lines.join('\n')}\n(not skipped: ${required})`);
  }
  for (const need of needs) {
    project.provide(need.key, need.found.path ?? null);
    if (need.found.path === undefined) {
      console.log(`Skipping ${need.tests}: ${need.found.why}; ${need.install}.`);
    }
  }
}
