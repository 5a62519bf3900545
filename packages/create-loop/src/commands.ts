import type { PackageManagerName } from './package-manager.js';

/**
 * The install command of `pm`: yarn installs with a bare `yarn`. Why per manager: an
 * `npm install` in a project started with pnpm leaves a stray package-lock.json beside it.
 */
export function installCommand(pm: PackageManagerName): string {
  if (pm === 'yarn') return 'yarn';
  return `${pm} install`;
}

/**
 * `npm run <script>` as `pm` spells it. pnpm and yarn run a script by its name (`pnpm dev`,
 * `pnpm test`); npm needs `run` except for `test`, and bun always does: a bare `bun test` is
 * bun's own test runner, not the project's vitest.
 */
export function runCommand(pm: PackageManagerName, script: string): string {
  if (pm === 'npm') return script === 'test' ? 'npm test' : `npm run ${script}`;
  if (pm === 'bun') return `bun run ${script}`;
  return `${pm} ${script}`;
}

/**
 * A template's README with its npm commands (`npm install`, `npm test`, `npm run <script>`,
 * with the `--` npm needs before a script's own flags) written for `pm`, so a project started
 * with `pnpm create loop` reads `pnpm dev --host`, not `npm run dev -- --host`.
 */
export function forPackageManager(text: string, pm: PackageManagerName): string {
  if (pm === 'npm') return text;
  return text.replace(
    /\bnpm (install|test|run ([\w:.-]+))( --(?= -))?/g,
    (_match, command: string, script: string | undefined) =>
      command === 'install' ? installCommand(pm) : runCommand(pm, script ?? 'test'),
  );
}
