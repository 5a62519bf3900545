/// <reference types="node" />
import { type FirefoxTools, startVirtualDisplay, type VirtualDisplay } from '@loop/core/e2e';
import puppeteer, { type Browser } from 'puppeteer-core';

/** A Firefox (on its own virtual display where it needs one), and how to end both. */
export interface Firefox {
  browser: Browser;
  close: () => Promise<void>;
}

/**
 * Launches the Firefox that `firefoxOrSkip` of @loop/core/e2e found, driven over WebDriver BiDi
 * by puppeteer-core (Playwright drives only its own patched Firefox). Headful: headless Firefox
 * has no WebGL on a machine without a GPU, so on Linux it runs on a virtual display (the Xvfb
 * found with it, started here and stopped with the browser), where Mesa's software renderer
 * draws WebGL; on macOS and Windows it opens a window on the screen for the test's seconds.
 */
export async function launchFirefox(tools: FirefoxTools): Promise<Firefox> {
  const display: VirtualDisplay | undefined =
    tools.xvfb === undefined ? undefined : await startVirtualDisplay(tools.xvfb);
  try {
    const browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: tools.firefox,
      headless: false,
      defaultViewport: { width: 800, height: 600 },
      env: display === undefined ? process.env : { ...process.env, DISPLAY: display.display },
    });
    return {
      browser,
      close: async () => {
        await browser.close().catch(() => undefined);
        display?.close();
      },
    };
  } catch (error) {
    display?.close();
    throw error;
  }
}
