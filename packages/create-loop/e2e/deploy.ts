import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import type { DeploySection, DeployTarget } from '../test/deploy-section.js';
import { collectProblems, expectDrawnAndMoving, PAGE_WAIT_MS, waitForFirstFrame } from './page.js';
import { exec } from './processes.js';
import { serveStatic } from './static-host.js';
import { expectWorkerMode } from './worker-mode.js';

/**
 * Where itch.io would serve an upload: each one lives in a numbered folder of its own
 * (html.itch.zone/html/<id>/index.html). A relative base (`./`) must work under a folder the
 * build never heard of, so the stand-in serves it under one.
 */
export const ITCH_FOLDER = '/html/1234567/';

/**
 * The path a host serves a site built with `target` under: an absolute base is that path (a
 * GitHub Pages project site, Netlify's root); a relative one any folder, here {@link ITCH_FOLDER}.
 */
export function servedUnder(target: DeployTarget): string {
  return target.base.startsWith('/') ? target.base : ITCH_FOLDER;
}

/** A scaffolded, installed project and what its README's Deploy section says. */
export interface Deployment {
  /** The project's folder. */
  app: string;
  /** The Deploy section of the project's own README. */
  section: DeploySection;
  /** Whether the page has rapier's worker mode (`?mode=worker`), checked on every host too. */
  workerMode: boolean;
}

/**
 * Builds the project with `target`'s command exactly as the README writes it, serves `dist/` as
 * that host would (under its path; on Netlify with the `public/_headers` the README shows, no
 * header elsewhere) and opens it in Chromium: the page loads with no failed request and no
 * console error, draws and moves. With worker mode, the simulation runs in the worker over
 * shared memory where the host sends the isolation headers and over messages where it cannot.
 * Returns a line for the log.
 */
export async function expectDeployed(
  browser: Browser,
  deployment: Deployment,
  target: DeployTarget,
): Promise<string> {
  const { app, section, workerMode } = deployment;
  const headers = target.host === 'Netlify' ? section.headersFile : undefined;
  const headersPath = join(app, 'public', '_headers');
  if (headers !== undefined) {
    mkdirSync(join(app, 'public'), { recursive: true });
    writeFileSync(headersPath, headers);
  }
  try {
    const [command, ...args] = target.argv;
    await exec(command!, args, { cwd: app });
  } finally {
    rmSync(headersPath, { force: true });
  }
  const host = await serveStatic(join(app, 'dist'), {
    prefix: servedUnder(target),
    headersFile: target.host === 'Netlify',
  });
  // itch.io opens the upload's index.html by its name.
  const url = target.host === 'itch.io' ? `${host.url}index.html` : host.url;
  const page = await browser.newPage();
  page.setDefaultTimeout(PAGE_WAIT_MS);
  const problems = collectProblems(page);
  try {
    expect(host.rules.length > 0, 'dist/_headers served by the Netlify stand-in').toBe(
      headers !== undefined,
    );
    await page.goto(url, { waitUntil: 'load' });
    await waitForFirstFrame(page);
    const drawn = await expectDrawnAndMoving(page);
    let worker = '';
    if (workerMode) {
      const transport = headers === undefined ? 'message' : 'shared';
      worker = `; worker ${JSON.stringify(await expectWorkerMode(page, url, transport))}`;
    }
    expect(problems).toEqual([]);
    return `${target.host} (${target.command}) at ${url}: ${drawn.colours} colours, ${drawn.changed} pixels changed${worker}`;
  } finally {
    await page.close();
    await host.stop();
  }
}
