import { chmodSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { tempDir } from './helpers.js';

/**
 * Test support for staging's tests (src/staging-*.test.ts): a fresh temporary folder for each
 * test, handed to `use` before it runs and removed after it, made writable again first (a test
 * may have made it read-only).
 */
export function useStagingDir(use: (dir: string) => void): void {
  let dir: string;
  beforeEach(() => {
    dir = tempDir('create-loop-staging-');
    use(dir);
  });
  afterEach(() => {
    chmodSync(dir, 0o755);
    rmSync(dir, { recursive: true, force: true });
  });
}

/** A `fill` for writeAtomically that writes `files` (name -> text) into its folder. */
export const fillWith = (files: Record<string, string>) => async (dir: string) => {
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
};
