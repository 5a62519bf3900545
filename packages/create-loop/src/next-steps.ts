import { isAbsolute, relative } from 'node:path';
import { installCommand, runCommand } from './commands.js';
import type { PackageManagerName } from './package-manager.js';

/**
 * The commands to run after scaffolding, for the package manager that ran us:
 * `cd <dir>` (left out when the project is the current directory), install, start the dev
 * server. With `buildDependenciesOf` (a project that kept `workspace:` dependencies, always
 * pnpm) a step between builds the workspace packages it uses: `pnpm --filter 'game^...' build`,
 * since the dev server imports their built output.
 *
 * Why per manager: `npm dev` does not exist (`npm run dev` does), yarn installs with a bare
 * `yarn`; printing npm commands to a pnpm user leaves a stray package-lock.json behind.
 */
export function nextSteps(
  pm: PackageManagerName,
  cdPath: string | undefined,
  buildDependenciesOf?: string,
): string[] {
  const steps: string[] = [];
  if (cdPath !== undefined) steps.push(`cd ${shellQuote(cdPath)}`);
  steps.push(installCommand(pm));
  if (buildDependenciesOf !== undefined) {
    steps.push(`pnpm --filter ${shellQuote(`${buildDependenciesOf}^...`)} build`);
  }
  steps.push(runCommand(pm, 'dev'));
  return steps;
}

/**
 * The path to print after `cd`: relative to where the user is when the project is below it,
 * absolute otherwise (`cd ../../x` is harder to read than the full path); undefined when the
 * project is the current directory.
 */
export function cdPathFor(cwd: string, target: string): string | undefined {
  const rel = relative(cwd, target);
  if (rel === '') return undefined;
  if (rel.startsWith('..') || isAbsolute(rel)) return target;
  return rel;
}

/**
 * Quotes a path for a POSIX shell (or cmd.exe on Windows) only when it needs it, so that a
 * copied `cd my game` line works: `my-game` stays bare, `my game` becomes `'my game'`.
 */
export function shellQuote(arg: string, platform: NodeJS.Platform = process.platform): string {
  if (/^[\w@%+=:,./-]+$/.test(arg)) return arg;
  if (platform === 'win32') return `"${arg.replace(/"/g, '""')}"`;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}
