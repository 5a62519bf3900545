#!/usr/bin/env node
/**
 * The `create-loop` bin: a file of the source tree that loads the built CLI (dist/index.js).
 *
 * Why not `"bin": "dist/index.js"`: pnpm links the bins of workspace packages at install time,
 * before anything is built, and warned "Failed to create bin" on every fresh install of the
 * monorepo for a file that did not exist yet. This one always exists; in a checkout that was
 * never built it says so in one line instead of a stack trace.
 */
try {
  await import('../dist/index.js');
} catch (error) {
  const code = /** @type {{ code?: string }} */ (error).code;
  if (code !== 'ERR_MODULE_NOT_FOUND' || !String(error).includes('dist')) throw error;
  process.stderr.write('create-loop: dist/index.js is missing; build it with `pnpm build`\n');
  process.exitCode = 1;
}
