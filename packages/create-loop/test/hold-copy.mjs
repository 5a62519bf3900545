/**
 * Preloaded into the CLI under test with `node --import` (see `startWithCopyHeld` in
 * helpers.ts): after CREATE_LOOP_TEST_HOLD_AFTER files have been copied, the next copy never
 * finishes, and a byte on file descriptor 3 tells the test so. The test can then interrupt the
 * copy at a known point (files staged, the project not in place) instead of racing it against
 * the clock.
 *
 * Only `copyFile` is replaced; the CLI's staging, signal handling and clean-up run as shipped.
 * Plain .mjs because node loads it before anything is compiled.
 */
import { writeSync } from 'node:fs';
import fsp from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';

const after = Number(process.env.CREATE_LOOP_TEST_HOLD_AFTER);
if (!Number.isInteger(after) || after < 0) {
  throw new Error('hold-copy.mjs needs CREATE_LOOP_TEST_HOLD_AFTER, a file count');
}
const copyFile = fsp.copyFile;
let copied = 0;
fsp.copyFile = (...args) => {
  if (copied < after) {
    copied += 1;
    return copyFile(...args);
  }
  // A pending promise keeps nothing alive: a timer does, until a signal ends the process.
  setInterval(() => {}, 60_000);
  writeSync(3, 'held\n');
  return new Promise(() => {});
};
// `import { copyFile } from 'node:fs/promises'` in the CLI is a live binding: update it.
syncBuiltinESMExports();
