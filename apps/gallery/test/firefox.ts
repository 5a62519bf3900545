import { firefoxOrSkip, startVirtualDisplay, type VirtualDisplay } from '@loop/core/e2e';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

/**
 * Firefox for the tests that must hold in a second engine: Debian's `firefox-esr` (or
 * FIREFOX_PATH), driven over WebDriver BiDi by puppeteer-core (Playwright drives only its own
 * patched Firefox builds). Headless Firefox has no WebGL on a machine without a GPU, so it runs
 * headful on a virtual display: `startVirtualDisplay` of `@loop/core/e2e`, the Xvfb every
 * template's Firefox test uses too, started here and stopped with the browser, where Mesa's
 * software renderer draws WebGL. Finding both is `firefoxOrSkip`'s, which in this monorepo fails
 * with what to install rather than skipping.
 */

/** A Firefox on its own virtual display, and how to end both. */
export interface Firefox {
  browser: Browser;
  close: () => Promise<void>;
}

/** Launches Firefox headful on a fresh virtual display (on Linux; macOS and Windows need none). */
export async function launchFirefox(): Promise<Firefox> {
  const tools = firefoxOrSkip('the gallery’s Firefox tests');
  // In the monorepo firefoxOrSkip throws rather than skip; this is for the type checker.
  if (tools === undefined) throw new Error('no Firefox or no Xvfb: see the line above');
  const screen: VirtualDisplay | undefined =
    tools.xvfb === undefined ? undefined : await startVirtualDisplay(tools.xvfb);
  try {
    const browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: tools.firefox,
      headless: false,
      defaultViewport: { width: 1280, height: 800 },
      env: screen ? { ...process.env, DISPLAY: screen.display } : process.env,
    });
    return {
      browser,
      close: async () => {
        await browser.close().catch(() => undefined);
        screen?.close();
      },
    };
  } catch (error) {
    screen?.close();
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
