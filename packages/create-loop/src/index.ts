#!/usr/bin/env node
/**
 * The `create-loop` bin. Thin on purpose: all behaviour is in `cli.ts` and its helpers; this
 * file only turns the outcome into an exit status and one line on stderr, never a stack trace
 * (set DEBUG=create-loop to see one).
 */
import { main } from './cli.js';
import { CancelledError, CliError, EXIT_CANCELLED, oneLine } from './errors.js';

main(process.argv.slice(2)).then(
  () => {
    process.exitCode = 0;
  },
  (error: unknown) => {
    process.stderr.write(`create-loop: ${oneLine(error)}\n`);
    if (!(error instanceof CliError) && process.env.DEBUG?.includes('create-loop')) {
      console.error(error);
    }
    process.exitCode = error instanceof CancelledError ? EXIT_CANCELLED : 1;
  },
);
