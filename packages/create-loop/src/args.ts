import { parseArgs } from 'node:util';
import { CliError } from './errors.js';

/** What the command line asked for, before any prompt or file-system check. */
export interface CliArgs {
  /** The positional `[dir]`, as typed (relative, absolute or `.`); undefined when absent. */
  targetDir: string | undefined;
  /** `--template/-t`; checked against the shipped templates later, not here. */
  template: string | undefined;
  /** `--overwrite`: allow replacing the contents of a non-empty directory. */
  overwrite: boolean;
  /** false with `--no-interactive`; undefined means "decide from whether stdin is a TTY". */
  interactive: false | undefined;
  list: boolean;
  help: boolean;
  version: boolean;
}

const OPTIONS = {
  template: { type: 'string', short: 't' },
  overwrite: { type: 'boolean' },
  'no-interactive': { type: 'boolean' },
  list: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

/**
 * Parses create-loop's argv with node:util `parseArgs` (no dependency, strict).
 *
 * Why strict and why our own messages: create-vite ignores unknown flags, so a typo such as
 * `--tempalte three` silently scaffolds the wrong thing. Here every unknown flag, missing value
 * or extra positional is a `CliError` with one line that says what to do instead.
 * `--no-interactive` is spelled out as its own flag because `allowNegative` needs Node 22.
 */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliError(describeParseError(error));
  }
  const { values, positionals } = parsed;
  if (positionals.length > 1) {
    throw new CliError(
      `expected at most one directory, got ${positionals.length}: ${positionals.join(' ')} (quote a path that has spaces)`,
    );
  }
  const targetDir = positionals[0];
  if (targetDir !== undefined && targetDir.trim() === '') {
    throw new CliError('the directory name is empty');
  }
  if (values.template !== undefined && values.template.trim() === '') {
    throw new CliError('--template needs a name (see --list)');
  }
  return {
    targetDir,
    template: values.template?.trim(),
    overwrite: values.overwrite ?? false,
    interactive: values['no-interactive'] ? false : undefined,
    list: values.list ?? false,
    help: values.help ?? false,
    version: values.version ?? false,
  };
}

/** Rewords node:util's parse errors (multi-line, with advice about `--`) as one short line. */
function describeParseError(error: unknown): string {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const option = /'([^']+)'/.exec(message)?.[1] ?? message;
    return `unknown option ${option} (see --help)`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const option = /--([a-z-]+)/.exec(message)?.[0] ?? 'an option';
    if (option === '--template') return '--template needs a name (see --list)';
    return `${option} takes no value (see --help)`;
  }
  return `${message.split('\n')[0]} (see --help)`;
}
