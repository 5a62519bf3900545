/// <reference types="node" />
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import puppeteer, { type Browser } from 'puppeteer-core';

/**
 * Firefox for the e2e tests: Debian's `firefox-esr` (or FIREFOX_PATH), driven over WebDriver
 * BiDi by puppeteer-core (Playwright drives only its own patched Firefox). Headless Firefox has
 * no WebGL on a machine without a GPU, so it runs headful on a virtual display (Xvfb, started
 * here and stopped with the browser), where Mesa's software renderer draws WebGL.
 */
export const firefoxPath = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** A Firefox on its own virtual display, and how to end both. */
export interface Firefox {
  browser: Browser;
  close: () => Promise<void>;
}

/** Starts Xvfb on the first free display (`-displayfd` names it) and resolves with its name. */
function startDisplay(): Promise<{ display: string; server: ChildProcess }> {
  const server = spawn(
    'Xvfb',
    ['-displayfd', '3', '-screen', '0', '1280x800x24', '-nolisten', 'tcp'],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    server.once('error', (e) =>
      reject(new Error(`Xvfb did not start (${e.message}): apt-get install xvfb`)),
    );
    server.once('exit', (code) => reject(new Error(`Xvfb exited (${code})`)));
    (server.stdio[3] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => {
      out += chunk;
      if (out.includes('\n')) resolve({ display: `:${out.trim()}`, server });
    });
  });
}

/** Launches Firefox headful on a fresh virtual display; a clear error when there is none. */
export async function launchFirefox(): Promise<Firefox> {
  if (!existsSync(firefoxPath)) {
    throw new Error(
      `no Firefox at ${firefoxPath}: apt-get install firefox-esr xvfb, or set FIREFOX_PATH`,
    );
  }
  const { display, server } = await startDisplay();
  try {
    const browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: firefoxPath,
      headless: false,
      defaultViewport: { width: 800, height: 600 },
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
