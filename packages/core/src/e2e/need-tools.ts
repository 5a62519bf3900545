/// <reference types="node" />
import { findXvfb, INSTALL_XVFB, needsVirtualDisplay } from './display.js';
import { findChromium, INSTALL_CHROMIUM } from './find-chromium.js';
import type { Env, Found } from './find-executable.js';
import { findFirefox, INSTALL_FIREFOX } from './find-firefox.js';
import { toolsRequired } from './tools-required.js';

/** One program a group of tests needs: the tests, what the search found, what to install. */
export interface Need {
  /** The tests that skip without it, as the skip line names them: `the Firefox test`. */
  readonly tests: string;
  /** What a finder of this entry returned (findChromium(), findFirefox(), ...). */
  readonly found: Found;
  /** The one step that provides it (INSTALL_CHROMIUM and the like). */
  readonly install: string;
}

/** Where {@link needTools} reads whether it may skip, and where its skip lines go. */
export interface NeedOptions {
  /** The environment (default process.env): its CI decides, as {@link toolsRequired} says. */
  readonly env?: Env;
  /** The project's folder (default the current one): in the loop monorepo nothing skips. */
  readonly dir?: string;
  /** Prints one skip line (default console.log). */
  readonly log?: (line: string) => void;
}

/**
 * The paths of the programs a test file (or a global setup) needs, by the keys of `needs`; a
 * missing one is undefined and its tests skip, after one line each saying what is missing and
 * what to install (`Skipping the Firefox test: no Firefox found; install Firefox ...`). Where
 * {@link toolsRequired} says a skip is not allowed (CI, the loop monorepo), it throws those
 * lines instead, so a run there fails before a test starts rather than passing with tests that
 * never ran.
 */
export function needTools<K extends string>(
  needs: Readonly<Record<K, Need>>,
  options: NeedOptions = {},
): Record<K, string | undefined> {
  const entries = Object.entries(needs) as [K, Need][];
  const missing = entries.filter(([, need]) => need.found.path === undefined);
  const required =
    missing.length === 0 ? undefined : toolsRequired(options.env ?? process.env, options.dir);
  if (required !== undefined) {
    const lines = missing.map(([, need]) => `${need.found.why}: ${need.install}`);
    throw new Error(`${lines.join('\n')}\n(not skipped: ${required})`);
  }
  const log = options.log ?? console.log;
  for (const [, need] of missing) {
    log(`Skipping ${need.tests}: ${need.found.why}; ${need.install}.`);
  }
  return Object.fromEntries(entries.map(([key, need]) => [key, need.found.path])) as Record<
    K,
    string | undefined
  >;
}

/**
 * The Chromium a test file drives ({@link findChromium}), or undefined after one line saying
 * what to install, where its tests may skip; where they may not, it throws (see
 * {@link needTools}). `tests` names them in that line.
 */
export function chromiumOrSkip(
  tests = 'the Chromium tests',
  options: NeedOptions = {},
): string | undefined {
  const found = findChromium(options.env === undefined ? {} : { env: options.env });
  return needTools({ chromium: { tests, found, install: INSTALL_CHROMIUM } }, options).chromium;
}

/** A Firefox to drive, and the Xvfb to give it a display where it needs one. */
export interface FirefoxTools {
  /** The Firefox ({@link findFirefox}). */
  readonly firefox: string;
  /** The Xvfb ({@link findXvfb}) on Linux; undefined on macOS and Windows, which need none. */
  readonly xvfb: string | undefined;
}

/**
 * The Firefox a test file drives and, on Linux, the Xvfb that gives it a display with WebGL
 * (see {@link needsVirtualDisplay}); undefined after one line for each that is missing, where its
 * tests may skip; where they may not, it throws (see {@link needTools}).
 */
export function firefoxOrSkip(
  tests = 'the Firefox tests',
  options: NeedOptions & { readonly platform?: string } = {},
): FirefoxTools | undefined {
  const places = options.env === undefined ? {} : { env: options.env };
  const needs: Record<string, Need> = {
    firefox: { tests, found: findFirefox(places), install: INSTALL_FIREFOX },
  };
  const display = needsVirtualDisplay(options.platform);
  if (display) needs.xvfb = { tests, found: findXvfb(places), install: INSTALL_XVFB };
  const paths = needTools(needs, options);
  if (paths.firefox === undefined || (display && paths.xvfb === undefined)) return undefined;
  return { firefox: paths.firefox, xvfb: paths.xvfb };
}
