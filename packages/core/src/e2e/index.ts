/**
 * For a game's own end-to-end tests, in Node, `@loop/core/e2e`: the programs they drive found
 * on any machine, and one rule for when one is missing. Chromium (Chrome, Chromium or Edge where
 * the system installs them, or Playwright's), Firefox, Xvfb and redis-server are found the usual
 * ways on Linux, macOS and Windows; a test that needs one its developer has not installed skips
 * with one line saying what to install, while in CI, and in the loop monorepo, it fails instead.
 * Shared by every template, so a fix reaches a game by `npm update @loop/core`, not by copying
 * files. Node only: it reads the file system and spawns processes, and no page imports it.
 *
 * @module @loop/core/e2e
 */
export {
  findXvfb,
  INSTALL_XVFB,
  needsVirtualDisplay,
  startVirtualDisplay,
  type VirtualDisplay,
} from './display.js';
export {
  findChromium,
  INSTALL_CHROMIUM,
  playwrightCache,
  playwrightChromium,
  usualChromiumPaths,
} from './find-chromium.js';
export {
  type Env,
  type Found,
  findExecutable,
  isExecutable,
  onPath,
  type SearchPlaces,
} from './find-executable.js';
export { findFirefox, INSTALL_FIREFOX, usualFirefoxPaths } from './find-firefox.js';
export { findRedisServer, INSTALL_REDIS, redisServerPath } from './find-redis.js';
export {
  chromiumOrSkip,
  type FirefoxTools,
  firefoxOrSkip,
  type Need,
  type NeedOptions,
  needTools,
} from './need-tools.js';
export { inLoopMonorepo, isCi, toolsRequired } from './tools-required.js';
