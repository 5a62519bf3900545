/// <reference types="node" />
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Env } from './find-executable.js';

/** The root package of the repository the templates come from (its package.json `name`). */
const MONOREPO = 'loop-monorepo';

/**
 * Whether CI says it is a CI run: set, and not to an empty string, `0` or `false` (some tools
 * set `CI=false` to mean "not CI"), as GitHub Actions, GitLab and most others set it.
 */
export function isCi(env: Env = process.env): boolean {
  const value = env.CI?.trim().toLowerCase();
  return value !== undefined && value !== '' && value !== '0' && value !== 'false';
}

/**
 * Whether `dir` lies in the loop monorepo's pnpm workspace (a template, or a game in games/):
 * found by the root's package name beside pnpm-workspace.yaml, from any folder below it.
 */
export function inLoopMonorepo(dir: string): boolean {
  for (let folder = resolve(dir); ; folder = dirname(folder)) {
    const manifest = join(folder, 'package.json');
    if (existsSync(join(folder, 'pnpm-workspace.yaml')) && existsSync(manifest)) {
      try {
        if (JSON.parse(readFileSync(manifest, 'utf8')).name === MONOREPO) return true;
      } catch {
        // not a manifest we can read: not the monorepo
      }
    }
    if (dirname(folder) === folder) return false;
  }
}

/**
 * Why a missing browser or Redis must fail the end-to-end tests of the project in `dir` (the
 * folder the tests run from, by default), or undefined where they may skip. On a developer's
 * machine a test that needs a program they have not installed skips with one line saying what
 * to install, so `npm run test:e2e` stays useful; in CI (CI set) and in the loop monorepo, whose
 * CI allows no skipped test, a skip would hide a test that never ran, so it fails instead.
 */
export function toolsRequired(
  env: Env = process.env,
  dir: string = process.cwd(),
): string | undefined {
  if (isCi(env)) return 'CI is set, and a CI run must not skip it';
  if (inLoopMonorepo(dir)) return 'the loop monorepo runs every test, none skipped';
  return undefined;
}
