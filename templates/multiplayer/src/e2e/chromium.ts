import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

/**
 * Flags: no sandbox (root, containers), nothing fetched, and no throttling of a page that is not
 * in front, so two pages in one browser both run at the display's rate.
 */
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--remote-debugging-pipe',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
  'about:blank',
];

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/**
 * A headless Chromium driven over the DevTools protocol through a pipe (fd 3 in, fd 4 out,
 * messages separated by NUL), so a test needs no browser automation package: a few calls
 * (open a page, evaluate, press a key) are all the two-page test uses.
 */
export class Chromium {
  #id = 0;
  readonly #pending = new Map<number, Pending>();
  #buffer = '';

  private constructor(
    readonly child: ChildProcess,
    readonly profile: string,
  ) {
    const out = child.stdio[4] as Readable;
    out.setEncoding('utf8');
    out.on('data', (chunk: string) => this.#receive(chunk));
  }

  /** Starts the browser at `path` (found by @loop/core/e2e's findChromium: Chrome, Chromium, Edge). */
  static async launch(path: string): Promise<Chromium> {
    const profile = mkdtempSync(join(tmpdir(), 'arena-chromium-'));
    // A process group of its own, so close() ends its helper processes with it.
    const child = spawn(path, [`--user-data-dir=${profile}`, ...ARGS], {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
      detached: true,
    });
    await once(child, 'spawn');
    const browser = new Chromium(child, profile);
    await browser.send('Browser.getVersion');
    return browser;
  }

  /** Sends a DevTools command (to a page's session when given) and resolves with its result. */
  send<T = unknown>(method: string, params: object = {}, sessionId?: string): Promise<T> {
    const id = ++this.#id;
    const message = JSON.stringify({ id, method, params, sessionId });
    (this.child.stdio[3] as Writable).write(`${message}\0`);
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
    });
  }

  /** Opens `url` in a window of its own, focused as far as the page can tell. */
  async open(url: string): Promise<Page> {
    const { targetId } = await this.send<{ targetId: string }>('Target.createTarget', {
      url: 'about:blank',
      newWindow: true,
    });
    const { sessionId } = await this.send<{ sessionId: string }>('Target.attachToTarget', {
      targetId,
      flatten: true,
    });
    const page = new Page(this, sessionId);
    await page.send('Emulation.setFocusEmulationEnabled', { enabled: true });
    await page.send('Page.navigate', { url });
    return page;
  }

  async close(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = once(this.child, 'exit');
      process.kill(-this.child.pid!, 'SIGTERM');
      await exited;
    }
    try {
      rmSync(this.profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    } catch {
      // A helper still writing its last file: a temporary folder left behind, nothing worse.
    }
  }

  #receive(chunk: string): void {
    this.#buffer += chunk;
    let end = this.#buffer.indexOf('\0');
    while (end >= 0) {
      const message = JSON.parse(this.#buffer.slice(0, end)) as {
        id?: number;
        result?: unknown;
        error?: { message: string };
      };
      this.#buffer = this.#buffer.slice(end + 1);
      const pending = message.id === undefined ? undefined : this.#pending.get(message.id);
      if (pending) {
        this.#pending.delete(message.id!);
        if (message.error) pending.reject(new Error(message.error.message));
        else pending.resolve(message.result);
      }
      end = this.#buffer.indexOf('\0');
    }
  }
}

/** One page of a {@link Chromium}. */
export class Page {
  constructor(
    readonly browser: Chromium,
    readonly sessionId: string,
  ) {}

  send<T = unknown>(method: string, params: object = {}): Promise<T> {
    return this.browser.send<T>(method, params, this.sessionId);
  }

  /** Evaluates `expression` in the page (awaiting a promise) and returns its value as JSON. */
  async evaluate<T>(expression: string): Promise<T> {
    const { result, exceptionDetails } = await this.send<{
      result: { value: T };
      exceptionDetails?: { text: string; exception?: { description?: string } };
    }>('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
    if (exceptionDetails) {
      throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
    }
    return result.value;
  }

  /** Presses (`keyDown`) or releases (`keyUp`) a key by its code (`KeyW`). */
  key(type: 'keyDown' | 'keyUp', code: string): Promise<unknown> {
    const key = code.startsWith('Key') ? code.slice(3).toLowerCase() : code;
    return this.send('Input.dispatchKeyEvent', { type, code, key });
  }
}
