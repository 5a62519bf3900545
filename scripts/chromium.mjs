/**
 * How every headless Chromium in this repo is launched: @loop/core's browser tests
 * (packages/core/vitest.config.ts) and create-loop's end-to-end test
 * (packages/create-loop/e2e/scaffold.e2e.test.ts).
 *
 * Debian's Chromium (`apt-get install chromium`), not a browser downloaded by Playwright, so
 * tests need no download step; CHROMIUM_PATH points elsewhere.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * - `--use-angle=swiftshader --enable-unsafe-swiftshader`: SwiftShader renders WebGL on the CPU,
 *   so headless Chromium has WebGL without a GPU (do not add `--disable-software-rasterizer`:
 *   it turns SwiftShader off).
 * - `--no-sandbox`: Chromium's sandbox cannot start as root or inside most containers.
 * - `--disable-background-networking --disable-component-update --no-first-run`: no update
 *   checks or downloads for a test to wait on (or to log errors from) on an offline machine.
 */
export const chromiumArgs = [
  '--no-sandbox',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
