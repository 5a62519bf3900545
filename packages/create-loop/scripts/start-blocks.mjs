#!/usr/bin/env node
/**
 * The switch between "not on npm yet" and "published", and the blocks that follow it:
 *
 *   node packages/create-loop/scripts/start-blocks.mjs                    rewrite every marked
 *                     block of the docs and READMEs for the switch's state (src/start-commands.ts)
 *   node packages/create-loop/scripts/start-blocks.mjs --published true   flip the switch (at the
 *                     first release) and rewrite the blocks for it
 *   node packages/create-loop/scripts/start-blocks.mjs --check            change nothing; exit 1
 *                     naming each file whose blocks show the other state or are stale
 *   --root <dir>      work on another copy of the repository (the release dry run's, a test's)
 *
 * The blocks are rendered by dist/start-blocks.js (build create-loop first); the files it
 * rewrites are MARKED_FILES there. Plain .mjs, as scripts/build.mjs, so it runs without a
 * TypeScript loader.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    published: { type: 'string' },
    check: { type: 'boolean', default: false },
    root: { type: 'string' },
  },
});
const root = resolve(values.root ?? join(import.meta.dirname, '..', '..', '..'));

/** Prints one line on stderr and exits 1. */
function fail(message) {
  console.error(`start-blocks: ${message}`);
  process.exit(1);
}

/** The switch's line in src/start-commands.ts: found by its text, so it must stay one line. */
const SWITCH = /^export const PUBLISHED: boolean = (true|false);$/m;
const switchFile = join(root, 'packages', 'create-loop', 'src', 'start-commands.ts');
let source = readFileSync(switchFile, 'utf8');
const found = SWITCH.exec(source);
if (!found) fail(`${switchFile} has no line "export const PUBLISHED: boolean = true|false;"`);
let published = found[1] === 'true';
if (values.published !== undefined) {
  if (values.published !== 'true' && values.published !== 'false') {
    fail(`--published takes true or false, not "${values.published}"`);
  }
  if (values.check) fail('--check changes nothing: leave out --published');
  published = values.published === 'true';
  source = source.replace(SWITCH, `export const PUBLISHED: boolean = ${published};`);
  writeFileSync(switchFile, source);
}

const { MARKED_FILES, readBlockContext, renderBlocks } = await import('../dist/start-blocks.js');
const context = readBlockContext(root, published);

const stale = [];
for (const file of MARKED_FILES) {
  const path = join(root, file);
  const text = readFileSync(path, 'utf8');
  let rendered;
  try {
    rendered = renderBlocks(text, context);
  } catch (error) {
    fail(`${file}: ${error.message}`);
  }
  if (rendered === text) continue;
  stale.push(file);
  if (!values.check) writeFileSync(path, rendered);
}
const state = published ? 'published' : 'not published yet';
if (values.check && stale.length > 0) {
  fail(
    `blocks that do not show "${state}" (run node packages/create-loop/scripts/start-blocks.mjs): ${stale.join(', ')}`,
  );
}
console.log(
  `start-blocks: ${state}; ${values.check ? 'checked' : `rewrote ${stale.length} of`} ${MARKED_FILES.length} files`,
);
