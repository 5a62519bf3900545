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
 * with `pnpm create loop` reads `pnpm dev --host`, not `npm run dev -- --host`. The `# comment`
 * column of each code block is aligned again, since the commands change length.
 */
export function forPackageManager(text: string, pm: PackageManagerName): string {
  if (pm === 'npm') return text;
  const rewrite = (part: string) =>
    part.replace(
      /\bnpm (install|test|run ([\w:.-]+))( --(?= -))?/g,
      (_match, command: string, script: string | undefined) =>
        command === 'install' ? installCommand(pm) : runCommand(pm, script ?? 'test'),
    );
  return text
    .split(/(^```[^\n]*\n[\s\S]*?^```$)/m)
    .map((part) => (part.startsWith('```') ? realign(part, rewrite(part)) : rewrite(part)))
    .join('');
}

/** A command and the comment after it (`cmd   # why`): at least two spaces before the `#`. */
const TRAILING_COMMENT = /^(.*?\S)( {2,})(# .*)$/;

/**
 * The `# comment` column of a code block: where the comments after commands start, or
 * undefined when no line has one. -1 when they do not all start in one column.
 */
export function commentColumn(block: string): number | undefined {
  const columns = new Set(
    block
      .split('\n')
      .map((line) => TRAILING_COMMENT.exec(line))
      .filter((m) => m !== null)
      .map((m) => m[1]!.length + m[2]!.length),
  );
  if (columns.size === 0) return undefined;
  return columns.size === 1 ? [...columns][0]! : -1;
}

/**
 * `after` (the code block `before` rewritten line for line) with its comments in one column
 * again: as far after the longest command as they were in `before`. A comment-only line that
 * continued the column (`   # more`) moves with it.
 */
function realign(before: string, after: string): string {
  const old = before.split('\n').map((line) => TRAILING_COMMENT.exec(line));
  const column = commentColumn(before);
  if (column === undefined || column === -1) return after;
  const gap = Math.min(...old.filter((m) => m !== null).map((m) => column - m[1]!.length));
  const lines = after.split('\n');
  const matches = lines.map((line) => TRAILING_COMMENT.exec(line));
  const width = Math.max(...matches.filter((m) => m !== null).map((m) => m[1]!.length)) + gap;
  return lines
    .map((line, i) => {
      const m = matches[i];
      if (m) return `${m[1]!.padEnd(width)}${m[3]}`;
      const continued = /^( +)(# .*)$/.exec(line);
      if (continued && continued[1]!.length === column)
        return `${' '.repeat(width)}${continued[2]}`;
      return line;
    })
    .join('\n');
}
