/** The default directory when none is given and no prompt may ask for one. */
export const DEFAULT_DIR = 'loop-game';

/**
 * The `--help` text. Kept apart from the CLI so that the documented behaviour (especially what
 * happens without a TTY) sits in one place the tests can read.
 */
export function helpText(templateNames: readonly string[]): string {
  const names = templateNames.length > 0 ? templateNames.join(', ') : '(none shipped)';
  return `Usage: create-loop [dir] [options]

Start a game on @loop/core from a template.

  npm create loop@latest my-game -- --template three
  pnpm create loop my-game --template canvas2d
  yarn create loop my-game --template mobile

Arguments:
  dir                    where to create the project; "." for the current directory
                         (default: ask, or "${DEFAULT_DIR}" without a prompt)

Options:
  -t, --template <name>  the template: ${names}
      --overwrite        replace the contents of a non-empty directory (keeps .git)
      --no-interactive   never prompt; the default when stdin is not a TTY
      --list             print the templates and exit
  -h, --help             print this help and exit
  -v, --version          print the version and exit

Without a prompt (--no-interactive, or stdin not a TTY) --template is required: a missing
one is an error, never a silent default. A non-empty directory is refused unless --overwrite
is given; --overwrite lists what it removes (and asks, on a terminal) and never removes the
directory you are in. Under npm create, put -- before the options. Files are written to a hidden staging directory and moved into place at the end,
so an error or Ctrl-C leaves nothing behind. Errors exit 1, cancelling exits 130.
`;
}
