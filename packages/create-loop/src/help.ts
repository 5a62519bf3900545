import { PUBLISHED, usageLines } from './start-commands.js';

/** The default directory when none is given and no prompt may ask for one. */
export const DEFAULT_DIR = 'loop-game';

/** The widest line `helpText` writes: a terminal's classic 80 columns. */
export const HELP_WIDTH = 80;

/** Where the descriptions of the options start. */
const OPTION_COLUMN = 25;

/**
 * The `--help` text, every line at most `HELP_WIDTH` columns, the list of templates wrapped
 * under its option however many there are. Kept apart from the CLI so that the documented
 * behaviour (especially what happens without a TTY) sits in one place the tests can read.
 */
export function helpText(templateNames: readonly string[], published: boolean = PUBLISHED): string {
  const names = templateNames.length > 0 ? templateNames.join(', ') : '(none shipped)';
  const template = wrap(`the template: ${names}`, HELP_WIDTH - OPTION_COLUMN)
    .map((line, i) => (i === 0 ? line : `${' '.repeat(OPTION_COLUMN)}${line}`))
    .join('\n');
  return `Usage: create-loop [dir] [options]

Start a game on @loop/core from a template.

${howToStart(published)}

Arguments:
  dir                    where to create the project; "." for the current
                         directory (default: ask; "${DEFAULT_DIR}" without a prompt)

Options:
  -t, --template <name>  ${template}
      --overwrite        replace the contents of a non-empty directory
                         (keeps .git)
      --no-interactive   never prompt; the default when stdin is not a TTY
      --list             print the templates and exit
  -h, --help             print this help and exit
  -v, --version          print the version and exit

Without a prompt (--no-interactive, or stdin not a TTY) --template is required:
a missing one is an error, never a silent default. Under npm create, put --
before the options.

A non-empty directory is refused unless --overwrite is given; --overwrite lists
what it removes (and asks, on a terminal) and never removes the directory you
are in. Files are written to a hidden staging directory and moved into place at
the end, so an error or Ctrl-C leaves nothing behind. Errors exit 1, cancelling
exits 130.

Inside a pnpm workspace that holds @loop/core, in a folder its
pnpm-workspace.yaml lists (games/* in the loop repository), the project keeps
"workspace:^" and builds against the workspace's own @loop/core.
`;
}

/**
 * The usage lines in the state of the release switch (`PUBLISHED`): before the first release,
 * said plainly that nothing is on npm, and the clone's command first.
 */
function howToStart(published: boolean): string {
  const lines = usageLines(published).map(([command]) => `  ${command}`);
  if (published) return lines.join('\n');
  return [
    'Not on npm yet: until the first release, npm create loop answers 404. Today,',
    'from a clone of the loop repository:',
    '',
    lines[0],
    '',
    'After the first release:',
    '',
    ...lines.slice(1),
  ].join('\n');
}

/**
 * Splits `text` into lines of at most `width` columns at spaces; a word longer than `width`
 * gets a line of its own. Why: template names come from the build, so their line cannot be
 * wrapped by hand.
 */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}
