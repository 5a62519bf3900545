import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

/**
 * Firefox for the tests that must hold in a second engine: Debian's `firefox-esr`, driven over
 * WebDriver BiDi by puppeteer-core (Playwright drives only its own patched Firefox builds).
 * Headless Firefox has no WebGL on a machine without a GPU, so it runs headful on a virtual
 * display: an Xvfb server started here and stopped with the browser, where Mesa's software
 * renderer draws WebGL. FIREFOX_PATH points at another Firefox.
 */

export const firefoxPath = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** A Firefox on its own virtual display, and how to end both. */
export interface Firefox {
  browser: Browser;
  close: () => Promise<void>;
}

/**
 * Starts Xvfb on the first free display (it writes the number it took to the pipe named by
 * `-displayfd`, so two runs never collide) and resolves with the display's name.
 */
function startDisplay(): Promise<{ display: string; server: ChildProcess }> {
  const server = spawn(
    'Xvfb',
    ['-displayfd', '3', '-screen', '0', '1280x800x24', '-nolisten', 'tcp'],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    server.stderr?.on('data', (chunk: Buffer) => {
      err += chunk;
    });
    server.once('error', (e) => reject(new Error(`Xvfb did not start (${e.message})`)));
    server.once('exit', (code) => reject(new Error(`Xvfb exited (${code}): ${err.trim()}`)));
    (server.stdio[3] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => {
      out += chunk;
      if (out.includes('\n')) resolve({ display: `:${out.trim()}`, server });
    });
  });
}

/** Launches Firefox headful on a fresh virtual display. */
export async function launchFirefox(): Promise<Firefox> {
  if (!existsSync(firefoxPath)) {
    throw new Error(
      `No Firefox at ${firefoxPath}: apt-get install firefox-esr xvfb (npm test does it in CI), or set FIREFOX_PATH`,
    );
  }
  const { display, server } = await startDisplay();
  try {
    const browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: firefoxPath,
      headless: false,
      defaultViewport: { width: 1280, height: 800 },
      env: { ...process.env, DISPLAY: display },
    });
    return {
      browser,
      close: async () => {
        await browser.close().catch(() => undefined);
        server.kill();
      },
    };
  } catch (error) {
    server.kill();
    throw error;
  }
}

/** Collects console errors and uncaught exceptions of a Firefox page: a test expects none. */
export function firefoxProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console.error: ${m.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${(error as Error).message}`));
  return problems;
}
