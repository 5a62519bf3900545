import { resolve } from 'node:path';
import { CancelledError, EXIT_CANCELLED } from './errors.js';
import { DEFAULT_DIR } from './help.js';
import { folderNameProblem } from './project-name.js';
import { describeEntries, entriesToRemove, realTarget, targetProblem } from './target.js';
import type { TemplateInfo } from './templates.js';

/** What the prompts fill in. */
export interface Answers {
  dir: string;
  template: TemplateInfo;
  /** True when the user chose, at the prompt, to replace a non-empty directory's contents. */
  overwrite: boolean;
}

/** What the prompts start from: whatever the command line already gave. */
export interface AskOptions {
  dir: string | undefined;
  template: TemplateInfo | undefined;
  templates: readonly TemplateInfo[];
  overwrite: boolean;
  cwd: string;
}

/**
 * Asks, with @clack/prompts, for whatever the command line left out: the project directory,
 * then the template. A directory that is not empty gets a choice (pick another folder, the
 * default; overwrite it; cancel), since no flag can be passed from inside a prompt. Ctrl-C or
 * Escape at a prompt throws `CancelledError`.
 *
 * Why clack: small, maintained, and it restores the terminal on cancel. It is imported lazily
 * so that `--no-interactive` runs (CI, scripts) never load it.
 */
export async function ask(options: AskOptions): Promise<Answers> {
  const clack = await import('@clack/prompts');
  // Ctrl-C reaches clack as a key press (raw mode); a SIGINT sent by `kill` does not. Nothing
  // has been written yet, so both end the same way. Node restores the terminal mode on exit.
  const onSignal = () => {
    process.stderr.write(`create-loop: ${new CancelledError().message}\n`);
    process.exit(EXIT_CANCELLED);
  };
  process.once('SIGINT', onSignal);
  try {
    return await askWith(clack, options);
  } finally {
    process.off('SIGINT', onSignal);
  }
}

async function askWith(
  clack: typeof import('@clack/prompts'),
  options: AskOptions,
): Promise<Answers> {
  // Ctrl-C or Escape answers clack's cancel symbol, the only symbol a prompt gives.
  const check = <T>(value: T): Exclude<T, symbol> => {
    if (clack.isCancel(value)) throw new CancelledError();
    return value as Exclude<T, symbol>;
  };
  clack.intro('create-loop');
  let dir = options.dir;
  let overwrite = options.overwrite;
  while (dir === undefined) {
    const answer = check(
      await clack.text({
        message: 'Project directory:',
        placeholder: DEFAULT_DIR,
        defaultValue: DEFAULT_DIR,
        // Only what no answer can fix here; a non-empty directory gets a choice below.
        validate: (value) => {
          const typed = value?.trim() || DEFAULT_DIR;
          return (
            folderNameProblem(typed) ??
            targetProblem(resolve(options.cwd, typed), true, options.cwd)
          );
        },
      }),
    );
    const typed = answer.trim() || DEFAULT_DIR;
    const target = realTarget(resolve(options.cwd, typed));
    const entries = overwrite ? [] : entriesToRemove(target);
    if (entries.length === 0) {
      dir = typed;
      break;
    }
    const choice = check(
      await clack.select({
        message: `${target} is not empty (${describeEntries(entries)}). What now?`,
        // The first option is the default.
        options: [
          { value: 'another', label: 'Pick another folder' },
          {
            value: 'overwrite',
            label: 'Overwrite it',
            hint: 'removes all of the above; keeps .git',
          },
          { value: 'cancel', label: 'Cancel' },
        ],
      }),
    );
    if (choice === 'cancel') throw new CancelledError();
    if (choice === 'overwrite') {
      dir = typed;
      overwrite = true;
    }
  }
  let template = options.template;
  if (template === undefined) {
    const name = check(
      await clack.select({
        message: 'Template:',
        options: options.templates.map((t) => ({
          value: t.name,
          label: t.name,
          hint: t.description,
        })),
      }),
    );
    template = options.templates.find((t) => t.name === name) ?? options.templates[0]!;
  }
  return { dir, template, overwrite };
}

/**
 * Asks before `--overwrite` removes `entries` from `target`; no (or Ctrl-C) throws
 * `CancelledError` with nothing removed. Why ask: create-vite empties the directory without
 * saying what goes; a stray `--overwrite` in shell history should not cost a project.
 */
export async function confirmRemoval(target: string, entries: readonly string[]): Promise<void> {
  const clack = await import('@clack/prompts');
  const answer = await clack.confirm({
    message: `--overwrite removes from ${target}: ${describeEntries(entries)}. Go on?`,
    initialValue: false,
  });
  if (answer !== true) throw new CancelledError();
}
