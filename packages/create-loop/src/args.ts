import { parseArgs } from 'node:util';
import { CliError } from './errors.js';
import { closest } from './suggest.js';

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
 * Parses create-loop's argv with node:util `parseArgs` (no dependency, strict). `env` is the
 * process environment, read only to tell when npm kept some of the flags (see below).
 *
 * Why strict and why our own messages: create-vite ignores unknown flags, so a typo such as
 * `--tempalte three` silently scaffolds the wrong thing, and a repeated `--template` silently
 * keeps the last. Here every unknown flag (with the closest known one), repeated flag, missing
 * value or extra positional is a `CliError` with one line that says what to do instead.
 * `--no-interactive` is spelled out as its own flag because `allowNegative` needs Node 22.
 */
export function parseCliArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
): CliArgs {
  let parsed: ReturnType<
    typeof parseArgs<{
      options: typeof OPTIONS;
      allowPositionals: true;
      strict: true;
      tokens: true;
    }>
  >;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: OPTIONS,
      allowPositionals: true,
      strict: true,
      tokens: true,
    });
  } catch (error) {
    throw new CliError(describeParseError(error));
  }
  const { values, positionals, tokens } = parsed;
  const seen = new Set<string>();
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    if (seen.has(token.name)) throw new CliError(`--${token.name} is given twice; pass it once`);
    seen.add(token.name);
  }
  checkNpmKeptFlags(seen, positionals, env);
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

/** Our options as npm records them when it keeps them: `npm_config_<key>` in the environment. */
const NPM_KEYS: readonly [key: string, option: keyof typeof OPTIONS][] = [
  ['template', 'template'],
  ['t', 'template'],
  ['overwrite', 'overwrite'],
  ['interactive', 'no-interactive'],
  ['list', 'list'],
];

/**
 * `npm create loop my-game --template three` without `--`: npm takes the flags as its own
 * config (setting `npm_config_template=true` and the like for the command it runs) and passes
 * only the words, `my-game three`. Says so, with the command that works, instead of a
 * confusing complaint about two directories or a missing template.
 */
function checkNpmKeptFlags(
  given: ReadonlySet<string>,
  positionals: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): void {
  if (!env.npm_config_user_agent?.startsWith('npm/')) return;
  const kept = new Map<string, string | undefined>();
  for (const [key, option] of NPM_KEYS) {
    const value = env[`npm_config_${key}`];
    if (value !== undefined && !given.has(option)) kept.set(`--${option}`, value);
  }
  if (kept.size === 0) return;
  const words = [...positionals];
  const template = kept.get('--template');
  const flags = [...kept.keys()].map((flag) => {
    if (flag !== '--template') return flag;
    // A flag npm does not know takes no value: the name went on as a word, the last one.
    const name = template === 'true' ? words.pop() : template;
    return `--template ${name ?? '<name>'}`;
  });
  const command = ['npm create loop@latest', ...words, '--', ...flags].join(' ');
  throw new CliError(
    `npm kept ${[...kept.keys()].join(' ')} for itself: npm create needs -- before create-loop's flags, as in: ${command}`,
  );
}

/** Rewords node:util's parse errors (multi-line, with advice about `--`) as one short line. */
function describeParseError(error: unknown): string {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const option = /'([^']+)'/.exec(message)?.[1] ?? message;
    const known = Object.keys(OPTIONS).map((name) => `--${name}`);
    const near = option.startsWith('--') ? closest(option, known) : undefined;
    return near === undefined
      ? `unknown option ${option} (see --help)`
      : `unknown option ${option}; did you mean ${near}?`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const option = /--([a-z-]+)/.exec(message)?.[0] ?? 'an option';
    if (option === '--template') return '--template needs a name (see --list)';
    return `${option} takes no value (see --help)`;
  }
  return `${message.split('\n')[0]} (see --help)`;
}
