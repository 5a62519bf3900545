/**
 * A failure the user can act on (bad flag, unknown template, non-empty directory).
 *
 * Why a class of its own: the entry point prints these as one line on stderr and exits 1,
 * with no stack trace, so that create-loop never dumps internals for a user mistake. Anything
 * else that escapes is a bug, and is still printed as one line (see `index.ts`).
 */
export class CliError extends Error {
  override readonly name = 'CliError';
}

/**
 * The user stopped us: Ctrl-C at a prompt, or SIGINT/SIGTERM while files were being written.
 *
 * Why it differs from `CliError`: it exits 130 (the shell convention for SIGINT) and its
 * message says nothing was written, which the staging directory guarantees.
 */
export class CancelledError extends Error {
  override readonly name = 'CancelledError';
  constructor(message = 'cancelled, nothing was written') {
    super(message);
  }
}

/** Exit status for `CancelledError`: 128 + SIGINT, what a shell reports after Ctrl-C. */
export const EXIT_CANCELLED = 130;

/**
 * Turns any thrown value into the single line we print on stderr.
 *
 * Why: errors from the file system carry multi-line messages and paths; the contract of this
 * CLI is one line per error, so newlines are folded into spaces.
 */
export function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s*\n\s*/g, ' ').trim() || 'unknown error';
}
