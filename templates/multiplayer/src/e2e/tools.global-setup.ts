import {
  findChromium,
  findRedisServer,
  INSTALL_CHROMIUM,
  INSTALL_REDIS,
  needTools,
} from '@loop/core/e2e';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  /** What the end-to-end tests `inject()`: each program's path, or null to skip. */
  export interface ProvidedContext {
    chromium: string | null;
    redisServer: string | null;
  }
}

/**
 * The end-to-end project's global setup (vitest.config.ts): finds Chromium and redis-server
 * once, before any test (`@loop/core/e2e`, which looks the usual ways on Linux, macOS and
 * Windows), and hands their paths to the tests (`inject('chromium')`). Without one, on a
 * developer's machine its tests skip and this prints one line saying what to install; in CI and
 * in the loop monorepo it throws that line instead, and the run fails before a test starts.
 */
export default function setup(project: TestProject): void {
  const paths = needTools({
    chromium: {
      tests: 'the two-page browser test',
      found: findChromium(),
      install: INSTALL_CHROMIUM,
    },
    redisServer: {
      tests: 'the two-process (Redis) test',
      found: findRedisServer(),
      install: INSTALL_REDIS,
    },
  });
  project.provide('chromium', paths.chromium ?? null);
  project.provide('redisServer', paths.redisServer ?? null);
}
